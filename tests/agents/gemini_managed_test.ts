// Gemini CLI itself routed to hookgate from its system settings, as the
// managed set-up of docs/agents/gemini.md teaches (its /etc/gemini-cli block
// run as written): `"hooksConfig": {"enabled": false}` in the project's and
// the user's settings no longer switches hookgate off, and the managed
// hookgate policy (a deny rule in a managed layer) stops `rm -r ./victim`.
// The control routes from the project's .gemini/settings.json (the docs'
// first block): the same switch turns every hook off and the victim is
// deleted. What does not hold is asserted too, as the page says: a project's
// `hooksConfig.disabled` naming the managed hooks removes them. Gemini reads
// its system settings at /etc/gemini-cli (GEMINI_CLI_SYSTEM_SETTINGS_PATH
// would move it, and is the gap the page names, so it is not used), so the
// test runs only as root and only when /etc/gemini-cli is not there, and
// removes it afterwards.

import { deepEqual, equal, match } from "node:assert/strict";
import { type AgentRun, docsBlock, gemini, managedPolicy, shown, systemDirUnavailable, workspace } from "./_agents.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";

const GEMINI_SYSTEM_DIR = "/etc/gemini-cli";
const PAGE = "docs/agents/gemini.md";

const skip = await systemDirUnavailable(GEMINI_SYSTEM_DIR, "Gemini CLI's system settings");
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const RM_VICTIM: Turn[] = [{ tool: "run_shell_command", args: { command: "rm -r ./victim" } }, { text: "Done." }];
const HOOKS_OFF = { hooksConfig: { enabled: false } };

/** The run refused `rm -r ./victim` by the managed rule, and the victim survived. */
function refused(run: AgentRun): void {
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: true }, shown(run));
  const results = toolResults(run.requests);
  equal(results.length, 1, shown(run));
  equal(results[0]!.error, true, shown(run));
  match(results[0]!.text, /Tool execution blocked: .*rule deny \\"Bash\(rm \*\)\\" \(managed: /, shown(run));
}

/** The run deleted the victim. */
function deleted(run: AgentRun): void {
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: false }, shown(run));
}

Deno.test({
  name:
    `the managed set-up of ${PAGE} keeps Gemini CLI routed to hookgate when the project or user sets hooksConfig.enabled false${
      skip === undefined ? "" : ` (ignored: ${skip})`
    }`,
  ignore: skip !== undefined,
  async fn() {
    // Control: routed from the project's .gemini/settings.json (the docs' first block), the managed rule holds until
    // the project switches hooks off; then the victim is deleted.
    {
      await using ws = await workspace(model);
      const env = await managedPolicy(ws);
      await ws.sh(await docsBlock(PAGE, ".gemini/settings.json"));
      refused(await gemini(ws, model, { turns: RM_VICTIM, env }));
      await ws.editJson(".gemini/settings.json", (settings) => ({ ...settings, ...HOOKS_OFF }));
      deleted(await gemini(ws, model, { turns: RM_VICTIM, env }));
    }

    await using ws = await workspace(model);
    const env = await managedPolicy(ws);
    const setup = await docsBlock(PAGE, "/etc/gemini-cli/settings.json");
    try {
      await ws.sh(setup);
      const file = `${GEMINI_SYSTEM_DIR}/settings.json`;
      equal((await Deno.stat(file)).mode! & 0o777, 0o644);
      const system = JSON.parse(await Deno.readTextFile(file));
      deepEqual(system.hooksConfig, { enabled: true });
      const names = new Set(
        Object.values(system.hooks as Record<string, { hooks: { name: string }[] }[]>)
          .flatMap((entries) => entries.flatMap((entry) => entry.hooks.map((hook) => hook.name))),
      );
      equal(names.size, 1, [...names].join(", "));
      const [name] = names;
      match(name!, /^hookgate-[0-9a-f]{24}$/);

      await ws.write(".gemini/settings.json", JSON.stringify(HOOKS_OFF));
      await ws.editJson("~/.gemini/settings.json", (settings) => ({ ...settings, ...HOOKS_OFF }));
      refused(await gemini(ws, model, { turns: RM_VICTIM, env }));

      // What does not hold, as the page says: the project names the hooks in hooksConfig.disabled.
      await ws.write(".gemini/settings.json", JSON.stringify({ hooksConfig: { disabled: [name] } }));
      deleted(await gemini(ws, model, { turns: RM_VICTIM, env }));
    } finally {
      await Deno.remove(GEMINI_SYSTEM_DIR, { recursive: true }).catch(() => {});
    }
    equal(await Deno.lstat(GEMINI_SYSTEM_DIR).then(() => true, () => false), false);
  },
});
