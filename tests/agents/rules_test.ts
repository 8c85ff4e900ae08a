// Policy rules under the real agents: a `deny` rule in hookgate's
// configuration, no hook script at all, decided in the gateway's own process
// — for Claude Code set up with `install claude` (the rule in the user's
// configuration) and for Codex set up as docs/agents/codex.md teaches (the
// rule in the project's). The calls are spelled the way a prefix rule walks
// past (`command rm`, `\rm`), and a near call the destructive set allows
// runs. Each case has a control that shows the agent would have run it.

import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { claude, codex, docsBlock, reviewCodexHooks, shown, workspace } from "./_agents.ts";
import { installClaude } from "./_claude.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const bash = (command: string): Turn[] => [
  { tool: "Bash", args: { command, description: "Tidy up" } },
  { text: "Done." },
];
const exec = (cmd: string): Turn[] => [{ tool: "exec_command", args: { cmd } }, { text: "Done." }];

/** That the agent's one tool call was refused, naming the rule. */
function refusedByRule(run: Awaited<ReturnType<typeof claude>>, rule: RegExp): void {
  const results = toolResults(run.requests);
  equal(results.length, 1, shown(run));
  ok(rule.test(results[0]!.text), shown(run, `the tool result names ${rule}`));
}

Deno.test({
  name: named(
    "Claude with install claude and a deny rule in the user's configuration is refused `command rm -r ./victim`, no hook script run",
  ),
  ignore: missing !== undefined,
  async fn() {
    {
      // The control: plain Claude runs it.
      await using ws = await workspace(model);
      const run = await claude(ws, model, { turns: bash("command rm -r ./victim") });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    await using ws = await workspace(model);
    await installClaude(ws);
    await ws.write("~/.config/hookgate/config.jsonc", JSON.stringify({ rules: { deny: ["Bash(rm *)"] } }));
    const run = await claude(ws, model, { turns: bash("command rm -r ./victim") });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    refusedByRule(run, /rule deny "Bash\(rm \*\)"/);
  },
});

Deno.test({
  name: named(
    "Claude with install claude and the destructive set refuses rm -rf of a path outside the project and runs rm -rf inside it",
  ),
  ignore: missing !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await installClaude(ws);
    await ws.write("~/.config/hookgate/config.jsonc", JSON.stringify({ rules: { sets: ["destructive"] } }));
    // Outside the project and every temp directory (the workspace's home is itself under /tmp): a directory in the
    // real user's cache.
    const cache = join(Deno.env.get("HOME") ?? "/root", ".cache");
    await Deno.mkdir(cache, { recursive: true });
    const keep = await Deno.makeTempDir({ dir: cache, prefix: "hookgate-keep-" });
    try {
      await Deno.writeTextFile(join(keep, "notes.txt"), "mine\n");
      const outside = await claude(ws, model, { turns: bash(`\\rm -rf "${keep}"`) });
      equal(outside.code, 0, shown(outside));
      ok(await ws.exists(join(keep, "notes.txt")), shown(outside, "rm -rf outside the project ran"));
      refusedByRule(outside, /rule deny "rm-recursive-force" of set "destructive"/);
    } finally {
      await Deno.remove(keep, { recursive: true });
    }
    const inside = await claude(ws, model, { turns: bash("rm -rf ./victim") });
    equal(inside.code, 0, shown(inside));
    deepEqual(inside.files, { victim: false }, shown(inside, "rm -rf inside the project is allowed"));
  },
});

Deno.test({
  name: named(
    "Codex routed to hook-run gateway --agent codex obeys a deny rule of the project's configuration: \\rm -r ./victim is blocked",
  ),
  ignore: missing !== undefined,
  async fn() {
    {
      await using ws = await workspace(model);
      const run = await codex(ws, model, { turns: exec("\\rm -r ./victim") });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    await using ws = await workspace(model);
    await ws.write(".hookgate/config.jsonc", JSON.stringify({ rules: { deny: ["Bash(rm *)"] } }));
    const setup = await docsBlock("docs/agents/codex.md", "~/.codex/hooks.json");
    await ws.sh(setup.replace(/^hook-run trust$/m, "hook-run trust --yes"));
    await reviewCodexHooks(ws);
    const run = await codex(ws, model, { turns: exec("\\rm -r ./victim") });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    refusedByRule(run, /rule deny "Bash\(rm \*\)"/);
  },
});
