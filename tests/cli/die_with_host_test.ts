// Killed with SIGKILL, hook-run must not leave its hooks running: the
// watchdog kills their groups when the host's pipe closes.

import { equal } from "node:assert/strict";
import { join } from "node:path";
import { groupAlive } from "../_helpers.ts";
import { entry, taskFlags } from "./_cli.ts";

Deno.test({
  name: "hook-run killed with SIGKILL takes its running hooks with it",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-sigkill-" }));
    try {
      const pidFile = join(dir, "hook.pid");
      await Deno.writeTextFile(
        join(dir, "hooks.jsonc"),
        JSON.stringify({
          hooks: { Stop: [{ command: `echo $$ > ${pidFile}; sleep 30 & sleep 30; wait`, timeoutMs: 60_000 }] },
        }),
      );
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          ...taskFlags.map((f) => f.replace("$HOME", dir)),
          entry,
          "run",
          "Stop",
          "--config",
          join(dir, "hooks.jsonc"),
        ],
        cwd: dir,
        env: { HOME: dir, HOOKGATE_HOME: dir, NO_COLOR: "1" },
        stdout: "null",
        stderr: "null",
      }).spawn();
      let pid: number | null = null;
      for (let i = 0; i < 300 && pid === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const text = await Deno.readTextFile(pidFile).catch(() => "");
        if (/^\d+\s*$/.test(text)) pid = Number(text);
      }
      equal(pid !== null, true, "the hook never started");
      equal(await groupAlive(pid), true);
      child.kill("SIGKILL");
      await child.status;
      let alive = true;
      for (let i = 0; i < 100 && alive; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        alive = await groupAlive(pid);
      }
      if (alive) await new Deno.Command("kill", { args: ["-KILL", "--", `-${pid}`] }).output();
      equal(alive, false, "the hook's process group outlived hook-run");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
