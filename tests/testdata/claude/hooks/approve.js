#!/usr/bin/env node
// A PermissionRequest auto-approver in node, as plannotator and
// oh-my-claudecode write them: ExitPlanMode is approved with a mode switch
// (updatedPermissions), a read-only Bash command with an extra "reason" key
// Claude does not define, AskUserQuestion with its answers (updatedInput);
// rm is refused; anything else has no opinion.
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text);
  const decide = (decision, extra = {}) =>
    process.stdout.write(
      JSON.stringify({ ...extra, hookSpecificOutput: { hookEventName: "PermissionRequest", decision } }),
    );
  const command = event.tool_input?.command ?? "";
  if (event.tool_name === "ExitPlanMode") {
    decide({
      behavior: "allow",
      updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    });
  } else if (event.tool_name === "AskUserQuestion") {
    decide({ behavior: "allow", updatedInput: { ...event.tool_input, answers: { "Which one?": "A" } } });
  } else if (event.tool_name === "Bash" && command === "git status") {
    decide({ behavior: "allow", reason: "read-only" }, { continue: true });
  } else if (event.tool_name === "Bash" && command.startsWith("rm ")) {
    decide({ behavior: "deny", message: "not allowed", interrupt: false });
  } else {
    process.stdout.write(JSON.stringify({ continue: true }));
  }
});
