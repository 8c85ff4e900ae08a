#!/usr/bin/env node
// A PermissionRequest approver that grants what Claude suggests, for this
// session only: each of permission_suggestions, its destination "session".
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text);
  const updatedPermissions = (event.permission_suggestions ?? []).map((s) => ({ ...s, destination: "session" }));
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedPermissions } },
  }));
});
