// The runner's command gate: asked before each command hook starts, it
// holds the hook back (no process, no answer) or fails it (its failure
// policy applies), synchronously or after a check; and a hook's own `cwd`
// is where its process runs.

import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { type CommandGate, HookRegistry, HookRunner } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gate-" }));
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

Deno.test("HookRunner commandGate holds a command hook back, or fails it under its failure policy", async (t) => {
  await withDir(async (dir) => {
    const gates: [string, CommandGate, "allow" | "deny"][] = [
      ["held back at once", () => ({ skip: "its project changed" }), "allow"],
      ["held back after a check", () => Promise.resolve({ skip: "its project changed" }), "allow"],
      ["failed", () => ({ failure: { kind: "rejected", message: "not trusted" } }), "deny"],
    ];
    for (const [label, commandGate, decision] of gates) {
      await t.step(label, async () => {
        const registry = new HookRegistry();
        registry.loadShellHooks({
          PreToolUse: [{ name: "marker", command: `touch ${dir}/ran && true`, failurePolicy: "closed" }],
        });
        const logger = memoryLogger();
        const runner = new HookRunner({ registry, logger, commandGate });
        const result = await runner.preToolUse("bash", {}, { cwd: dir });
        equal(await exists(join(dir, "ran")), false, "the gated hook ran");
        equal(result.block === true ? "deny" : "allow", decision);
        if (decision === "allow") {
          ok(logger.warnings.some((w) => /"marker" .* did not run: its project changed/.test(w)));
        }
        await runner.close();
      });
    }
    await t.step("a gate that lets it run, after a check", async () => {
      const registry = new HookRegistry();
      registry.loadShellHooks({ Stop: [{ command: `touch ${dir}/ran && true` }] });
      const runner = new HookRunner({ registry, commandGate: () => Promise.resolve(undefined) });
      await runner.stop({ cwd: dir });
      equal(await exists(join(dir, "ran")), true);
      await runner.close();
    });
  });
});

Deno.test("HookRunner runs a command hook with its own cwd there, and gives it the payload's cwd", async () => {
  await withDir(async (dir) => {
    await Deno.mkdir(join(dir, "root"));
    await Deno.mkdir(join(dir, "event"));
    const registry = new HookRegistry();
    registry.loadShellHooks({
      Stop: [{ command: `sh -c "pwd; cat" > ${dir}/seen`, cwd: join(dir, "root") }],
    });
    const runner = new HookRunner({ registry });
    await runner.stop({ cwd: join(dir, "event") });
    const [pwd, payload] = (await Deno.readTextFile(join(dir, "seen"))).split("\n");
    equal(pwd, join(dir, "root"));
    deepEqual(JSON.parse(payload!).cwd, join(dir, "event"));
    await runner.close();
  });
});
