#!/usr/bin/env node
// A PreToolUse guard as published for Claude Code: node, a JSON deny on stdout.
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const command = (JSON.parse(text).tool_input || {}).command || "";
  if (command.includes("rm -rf")) {
    process.stdout.write(JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "node guard: rm -rf is not allowed",
      },
    }));
  }
});
