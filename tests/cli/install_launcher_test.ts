// hook-run install launcher: the launcher alone, for agents whose settings
// are written by hand — no agent's settings read or written, the same build
// as install claude's, and a launcher that answers their gateway calls.

import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, DENO_DIR, piped } from "./_cli.ts";

Deno.test("hook-run install launcher builds the launcher, touches no agent's settings, and changes nothing when run again", async () => {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-launcher-only-" }));
  try {
    const hookgate = join(home, ".config", "hookgate");
    const first = await cli(["install", "launcher"], { home, cwd: home });
    equal(first.code, 0, first.stderr);
    match(first.stdout, /^hook-run install launcher: built$/m);
    match(first.stdout, /bundle +.*hook-run\.js, .*lib\/[0-9a-f]{16}\/ \(written\)/);
    match(first.stdout, /gateway --agent NAME/);
    const entries = (await Array.fromAsync(Deno.readDir(home))).map((entry) => entry.name).sort();
    equal(entries.join(), ".config", "no .claude, .codex or .gemini written");
    const again = await cli(["install", "launcher"], { home, cwd: home });
    equal(again.code, 0, again.stderr);
    match(again.stdout, /nothing to change: .* is up to date/);
    // Its own words only: what is Claude's is refused.
    const refused = await cli(["install", "launcher", "--serve"], { home, cwd: home });
    equal(refused.code, 1);
    match(refused.stderr, /install launcher takes only --least-privilege and --cwd, not --serve/);
    // The launcher answers a Codex call (a guard of the user's layer denies).
    await Deno.writeTextFile(
      join(hookgate, "config.jsonc"),
      JSON.stringify({ rules: { deny: ["Bash(rm *)"] } }),
    );
    const codex = {
      session_id: "s",
      turn_id: "t",
      transcript_path: null,
      cwd: home,
      hook_event_name: "PreToolUse",
      model: "gpt-5.5",
      permission_mode: "default",
      tool_name: "Bash",
      tool_input: { command: "rm -r ./victim" },
      tool_use_id: "c-1",
    };
    const run = await piped(
      new Deno.Command(join(hookgate, "bin", "hook-run"), {
        args: ["gateway", "--agent", "codex"],
        cwd: home,
        clearEnv: true,
        env: { HOME: home, DENO_DIR, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }),
      JSON.stringify(codex),
    );
    equal(run.code, 0, run.stderr);
    match(run.stdout, /"permissionDecision":"deny"/);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
