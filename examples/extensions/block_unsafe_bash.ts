// An extension example: block unsafe bash. With a UI the user decides;
// headless (hook-run, CI) the command is blocked.
//
//   hook-run run PreToolUse --tool bash --input '{"command":"rm -rf build"}' \
//     --extension examples/extensions/block_unsafe_bash.ts

import type { HookAPI } from "../../src/extensions/mod.ts";

export default function (api: HookAPI): void {
  api.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return;
    const command = String(event.input.command ?? "");
    if (!command.includes("rm -rf")) return;

    if (!ctx.hasUI) return { block: true, reason: "rm -rf blocked (no UI)" };
    const ok = await ctx.ui.confirm("Dangerous command", `Allow: ${command}`);
    if (!ok) return { block: true, reason: "user denied command" };
  }, { timeoutMs: 300_000 }); // the user may take a while to answer
}
