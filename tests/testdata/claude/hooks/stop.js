#!/usr/bin/env node
// Keeps the agent going once, then lets it stop: it checks stop_hook_active.
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text);
  if (process.argv[2] === "always" || !event.stop_hook_active) {
    process.stdout.write(JSON.stringify({ decision: "block", reason: "run the tests first" }));
  }
});
