// A throwaway project as Claude Code sees one, for the gateway's and the
// server's tests: the test hook scripts in .claude/hooks/ and, in Claude's
// shape, the hooks hookgate runs for it — in .hookgate/config.jsonc, since
// Claude runs its own .claude/settings.json itself.

import { join } from "node:path";

const SCRIPTS = new URL("../testdata/claude/hooks/", import.meta.url).pathname;

/** A project with the Claude test scripts in .claude/hooks/ and `hooks`, Claude-shaped, as its .hookgate/config.jsonc. */
export async function withProject(hooks: Record<string, unknown>, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gateway-" }));
  try {
    await Deno.mkdir(join(dir, ".claude", "hooks"), { recursive: true });
    await Deno.mkdir(join(dir, ".hookgate"));
    for (const entry of Deno.readDirSync(SCRIPTS)) {
      await Deno.copyFile(join(SCRIPTS, entry.name), join(dir, ".claude", "hooks", entry.name));
      await Deno.chmod(join(dir, ".claude", "hooks", entry.name), 0o755);
    }
    await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ hooks }));
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A command hook running one of those scripts, as Claude settings name it. */
export const hook = (script: string, ...args: string[]) => ({
  type: "command",
  command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}${args.map((a) => ` ${a}`).join("")}`,
});

/** The PermissionRequest of an ExitPlanMode call, as Claude sends it in plan mode. */
export const EXIT_PLAN_MODE = {
  hook_event_name: "PermissionRequest",
  permission_mode: "plan",
  tool_name: "ExitPlanMode",
  tool_input: { plan: "# Plan\n1. edit a.ts" },
  permission_suggestions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
};

/** approve.js's answer to it: the approval, and its mode switch unchanged. */
export const APPROVED = {
  hookSpecificOutput: {
    hookEventName: "PermissionRequest",
    decision: {
      behavior: "allow",
      updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    },
  },
};
