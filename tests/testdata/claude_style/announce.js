#!/usr/bin/env node
// deno-lint-ignore-file no-console -- a node hook script, in node's idiom
// A template-style handler that logs before it answers: its stdout starts
// with text, so Claude reads all of it as text and the "block" never counts.
process.stdin.once("data", (chunk) => {
  const input = JSON.parse(chunk);
  console.log(`Running command: ${input.tool_input.command}`);
  console.log(JSON.stringify({ decision: "block", reason: "dangerous" }));
  process.exit(0);
});
