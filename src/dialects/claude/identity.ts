// Which Claude-dialect hooks Claude Code counts as one. Claude 2.1.328
// (read from its binary; checked by running it) runs the hooks that match
// a call once per identity: a command hook's shell (bash by default, off
// Windows), command string, arguments and `if`; an HTTP hook's URL and
// `if`; a prompt hook's prompt and `if` — whatever their matchers,
// timeouts, models or the settings file they are in. A plugin's copy is
// its own (Claude keys it by the plugin's root). The runner drops repeats
// by it, and configuration leaves a moved hook to Claude by it.

import type { ConfiguredHook } from "../../events/configured.ts";

/**
 * A Claude-dialect hook's identity as Claude compares it: two hooks with
 * the same identity that match one call run once. `undefined` for a hook
 * of another dialect.
 */
export function claudeIdentity(hook: ConfiguredHook): string | undefined {
  if (hook.dialect !== "claude") return undefined;
  const rule = hook.toolRule ?? "";
  switch (hook.type) {
    case "http":
      return JSON.stringify(["http", hook.url, rule]);
    case "prompt":
      return JSON.stringify(["prompt", hook.prompt, rule]);
    default: {
      // `"shell": "bash"` is read as `bash -c <command>`; bash is Claude's
      // default shell, so it is the same hook as the bare command.
      const bashForm = hook.command === "bash" && hook.args?.length === 2 && hook.args[0] === "-c";
      const command = bashForm ? hook.args![1]! : hook.command;
      const args = bashForm ? null : hook.args ?? null;
      return JSON.stringify(["command", command, args, rule]);
    }
  }
}
