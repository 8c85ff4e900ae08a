#!/usr/bin/env node
// A rewrite in node: it sees the previous hook's rewrite and adds a timeout.
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text);
  const updatedInput = { ...event.tool_input, timeout: 30 };
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput } }));
});
