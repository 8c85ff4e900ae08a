// OpenAI Codex itself routed to hookgate from its requirements file, as the
// managed set-up of docs/agents/codex.md teaches (its /etc/codex block run as
// written): the hooks feature switched off by the user or the project —
// `-c features.hooks=false`, `--disable hooks`, `[features] hooks = false` in
// the user's and the project's config.toml — no longer switches hookgate
// off, and the managed hookgate policy (a deny rule in a managed layer) stops
// `rm -r ./victim`. The control routes from the user's ~/.codex/hooks.json
// (the docs' first block): the same switch turns every hook off and the
// victim is deleted. Codex reads its requirements only at /etc/codex, so the
// test runs only as root and only when /etc/codex is not there, and removes
// it afterwards.

import { deepEqual, equal, match } from "node:assert/strict";
import {
  type AgentRun,
  docsBlock,
  managedPolicy,
  reviewCodexHooks,
  shown,
  systemDirUnavailable,
  trustCodexProject,
  type Workspace,
  workspace,
} from "./_agents.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";
import { agentBin } from "./_install.ts";

const CODEX_SYSTEM_DIR = "/etc/codex";
const PAGE = "docs/agents/codex.md";

const skip = await systemDirUnavailable(CODEX_SYSTEM_DIR, "Codex's requirements");
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const RM_VICTIM: Turn[] = [{ tool: "exec_command", args: { cmd: "rm -r ./victim" } }, { text: "Done." }];

/** `codex <flags> exec …` as tests/agents/_agents.ts runs it, with more flags before `exec`. */
async function codexWith(ws: Workspace, flags: string[], env: Record<string, string>): Promise<AgentRun> {
  model.script(RM_VICTIM);
  const started = performance.now();
  const { code, stdout, stderr } = await new Deno.Command(agentBin("codex"), {
    args: [...flags, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "Tidy up."],
    cwd: ws.project,
    clearEnv: true,
    env: { ...ws.env(), OPENAI_API_KEY: "test", ...env },
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return {
    agent: "codex",
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
    requests: model.requests(),
    files: { victim: await ws.exists("victim") },
    ms: Math.round(performance.now() - started),
  };
}

/** The run refused `rm -r ./victim` by the managed rule, and the victim survived. */
function refused(run: AgentRun): void {
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: true }, shown(run));
  match(run.stderr, /hook: PreToolUse Blocked/, shown(run));
  const results = toolResults(run.requests);
  equal(results.length, 1, shown(run));
  match(results[0]!.text, /^Command blocked by PreToolUse hook: .*rule deny "Bash\(rm \*\)" \(managed: /, shown(run));
}

/** The user's and the trusted project's config.toml turn the hooks feature off. */
async function featureOffInConfigs(ws: Workspace): Promise<void> {
  await trustCodexProject(ws);
  const config = (await ws.read("~/.codex/config.toml")) ?? "";
  await ws.write("~/.codex/config.toml", `${config}\n[features]\nhooks = false\n`);
  await ws.write(".codex/config.toml", "[features]\nhooks = false\n");
}

Deno.test({
  name: `the managed set-up of ${PAGE} keeps Codex routed to hookgate when the user or project switches hooks off${
    skip === undefined ? "" : ` (ignored: ${skip})`
  }`,
  ignore: skip !== undefined,
  async fn() {
    // Control: routed from the user's ~/.codex/hooks.json (the docs' first block), the managed rule holds until the
    // hooks feature is switched off; then the victim is deleted.
    {
      await using ws = await workspace(model);
      const env = await managedPolicy(ws);
      const setup = await docsBlock(PAGE, "~/.codex/hooks.json");
      match(setup, /^hook-run trust$/m);
      await ws.sh(setup.replace(/^hook-run trust$/m, "hook-run trust --yes"));
      await reviewCodexHooks(ws);
      refused(await codexWith(ws, [], env));
      const off = await codexWith(ws, ["-c", "features.hooks=false"], env);
      equal(off.code, 0, shown(off));
      deepEqual(off.files, { victim: false }, shown(off));
      await ws.write("victim/precious.txt", "keep me\n");
      await featureOffInConfigs(ws);
      const offByConfig = await codexWith(ws, [], env);
      equal(offByConfig.code, 0, shown(offByConfig));
      deepEqual(offByConfig.files, { victim: false }, shown(offByConfig));
    }

    await using ws = await workspace(model);
    const env = await managedPolicy(ws);
    const setup = await docsBlock(PAGE, "/etc/codex/requirements.toml");
    try {
      await ws.sh(setup);
      equal((await Deno.stat(`${CODEX_SYSTEM_DIR}/requirements.toml`)).mode! & 0o777, 0o644);
      refused(await codexWith(ws, ["-c", "features.hooks=false"], env));
      refused(await codexWith(ws, ["--disable", "hooks"], env));
      await featureOffInConfigs(ws);
      refused(await codexWith(ws, [], env));
    } finally {
      await Deno.remove(CODEX_SYSTEM_DIR, { recursive: true }).catch(() => {});
    }
    equal(await Deno.lstat(CODEX_SYSTEM_DIR).then(() => true, () => false), false);
  },
});
