#!/usr/bin/env node
// deno-lint-ignore-file no-console -- a node hook script, in node's idiom
// PermissionRequest: approves leaving plan mode (switching the session to
// acceptEdits) and read-only git status, refuses rm, leaves the rest to the
// user. With "echo" it grants whatever Claude suggested, for this session.
const input = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const answer = (decision, extra = {}) =>
  console.log(JSON.stringify({ ...extra, hookSpecificOutput: { hookEventName: "PermissionRequest", decision } }));
const command = input.tool_input?.command ?? "";

if (process.argv[2] === "echo") {
  const updatedPermissions = (input.permission_suggestions ?? []).map((s) => ({ ...s, destination: "session" }));
  answer({ behavior: "allow", updatedPermissions });
} else if (input.tool_name === "ExitPlanMode") {
  answer({
    behavior: "allow",
    updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
  });
} else if (input.tool_name === "Bash" && command === "git status") {
  answer({ behavior: "allow", reason: "read-only" }, { continue: true });
} else if (input.tool_name === "Bash" && /^rm\b/.test(command)) {
  answer({ behavior: "deny", message: "not allowed", interrupt: false });
} else {
  console.log(JSON.stringify({ continue: true }));
}
