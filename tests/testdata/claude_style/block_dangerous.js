#!/usr/bin/env node
// deno-lint-ignore-file no-console -- a node hook script, in node's idiom
// PreToolUse guard for Bash: denies rm on the home directory (or asks, with
// HOOK_ASK=true) and logs every call under ~/.claude. Needs HOME at load.
const fs = require("node:fs");
const path = require("node:path");

const LOG_DIR = path.join(process.env.HOME, ".claude", "hooks-logs");
const ASK = process.env.HOOK_ASK === "true";
const RULES = [{
  id: "rm-home",
  pattern: /\brm\s+-[a-z]*r[a-z]*f?\s+(~\/?|\$HOME)(\s|$)/,
  reason: "rm targeting home directory",
}];

async function main() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  const input = JSON.parse(text);
  const command = input.tool_input?.command ?? "";
  const hit = RULES.find((rule) => rule.pattern.test(command));
  fs.mkdirSync(LOG_DIR, { recursive: true });
  fs.appendFileSync(
    path.join(LOG_DIR, "test.jsonl"),
    JSON.stringify({ session: input.session_id, command, rule: hit?.id ?? null }) + "\n",
  );
  if (!hit) return console.log("{}");
  console.log(JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: ASK ? "ask" : "deny",
      permissionDecisionReason: `[${hit.id}] ${hit.reason}`,
    },
  }));
}

main();
