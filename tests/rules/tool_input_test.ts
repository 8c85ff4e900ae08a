import { deepEqual, equal } from "node:assert/strict";

// Each case runs in a process of its own: whether zod is loaded yet is
// process state, and a test process has loaded it long before.
async function fresh(code: string): Promise<unknown> {
  const { code: exit, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", code],
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(exit, 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

const TOOL_INPUT = new URL("../../src/rules/_tool_input.ts", import.meta.url).href;
const MOD = new URL("../../mod.ts", import.meta.url).href;

Deno.test("validateToolInput() loads zod for a process's first JSON Schema, then answers at once", async () => {
  const seen = await fresh(`
    import { validateToolInput } from "${TOOL_INPUT}";
    const schema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
    const first = validateToolInput(schema, { n: "x" });
    const waited = first instanceof Promise;
    const problem = await first;
    const next = validateToolInput({ type: "object", properties: { m: { type: "string" } }, required: ["m"] }, {});
    const fn = validateToolInput(() => "no", {});
    console.log(JSON.stringify({ waited, problem, nextAtOnce: !(next instanceof Promise), next, fn }));
  `);
  deepEqual(seen, {
    waited: true,
    problem: "n: Invalid input: expected number, received string",
    nextAtOnce: true,
    next: "m: Invalid input: expected string, received undefined",
    fn: "no",
  });
});

Deno.test("HookRunner.preToolUse() re-validates a rewrite against the first JSON Schema of a fresh process", async () => {
  const seen = await fresh(`
    import { HookRegistry, HookRunner } from "${MOD}";
    const registry = new HookRegistry();
    registry.registerInProcess("PreToolUse", "bash", () => ({ action: "mutate", input: { command: 42 } }));
    const runner = new HookRunner({ registry });
    const inputSchema = { type: "object", properties: { command: { type: "string" } }, required: ["command"] };
    const result = await runner.preToolUse("bash", { command: "ls" }, { cwd: "/", inputSchema });
    await runner.close();
    console.log(JSON.stringify(result));
  `);
  const result = seen as { block?: boolean; reason?: string };
  equal(result.block, true);
  equal(
    result.reason,
    'Hooks rewrote the input of tool "bash" into one that is not valid: command: Invalid input: expected string, received number. Call the tool again with valid arguments.',
  );
});
