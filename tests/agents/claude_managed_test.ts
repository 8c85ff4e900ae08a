// Claude Code itself with hookgate installed into its managed settings
// (`hook-run install claude --managed`): a project's `disableAllHooks: true`
// no longer switches hookgate off, and the managed hookgate policy (a deny
// rule in a managed layer) stops `rm -r ./victim`. The control installs into
// the user's settings instead: the same project setting then turns every
// hook off and the victim is deleted. Claude reads its managed file only at
// /etc/claude-code (no override exists), so the test runs only as root and
// only when /etc/claude-code is not there, and removes it afterwards.

import { deepEqual, equal, match } from "node:assert/strict";
import { claude, managedPolicy, shown, systemDirUnavailable, workspace } from "./_agents.ts";
import { hookRunClaude, RM_VICTIM } from "./_claude.ts";
import { fakeModel, toolResults } from "./_fake_model.ts";

const CLAUDE_MANAGED_DIR = "/etc/claude-code";

const skip = await systemDirUnavailable(CLAUDE_MANAGED_DIR, "Claude's managed settings");
const model = fakeModel();
Deno.test.afterAll(() => model.close());

Deno.test({
  name: `hook-run install claude --managed keeps hookgate's managed deny in force despite a project's disableAllHooks${
    skip === undefined ? "" : ` (ignored: ${skip})`
  }`,
  ignore: skip !== undefined,
  async fn() {
    await using ws = await workspace(model);
    // The administrator's hookgate policy, in a managed layer beside /etc/hookgate.
    const env = await managedPolicy(ws);
    await ws.write(".claude/settings.json", '{"disableAllHooks": true}\n');

    // Control: routed from the user's settings, the project's disableAllHooks switches hookgate off.
    await hookRunClaude(ws, "install");
    const off = await claude(ws, model, { turns: RM_VICTIM, env });
    equal(off.code, 0, shown(off));
    deepEqual(off.files, { victim: false }, shown(off));
    await hookRunClaude(ws, "uninstall");
    await ws.write("victim/precious.txt", "keep me\n");

    const launcherDir = ws.at("~/system-launcher");
    try {
      const out = await hookRunClaude(ws, "install", ["--managed", "--launcher-dir", launcherDir]);
      match(out, /\/etc\/claude-code\/managed-settings\.json/);
      const run = await claude(ws, model, { turns: RM_VICTIM, env });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: true }, shown(run));
      const results = toolResults(run.requests);
      deepEqual(results.map((one) => one.error), [true], shown(run));
      match(results[0]!.text, /rule deny "Bash\(rm \*\)" \(managed: /);
      // Uninstall takes exactly the routing out again.
      await hookRunClaude(ws, "uninstall", ["--managed", "--launcher-dir", launcherDir]);
      const left = JSON.parse(await Deno.readTextFile(`${CLAUDE_MANAGED_DIR}/managed-settings.json`));
      // A file install created keeps an empty hooks key, as the user file does.
      deepEqual(left, { hooks: {} });
    } finally {
      await Deno.remove(CLAUDE_MANAGED_DIR, { recursive: true }).catch(() => {});
    }
  },
});
