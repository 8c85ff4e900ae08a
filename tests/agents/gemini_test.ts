// Gemini CLI itself (the pinned npm release) routed to hookgate as
// docs/agents/gemini.md teaches — its settings block run as written, which
// also trusts the project with `hook-run trust --yes` — or with the same
// hooks in the user's ~/.gemini/settings.json, and a Claude-style guard as
// the project's policy, against a scripted model on loopback. Each case has
// a control run — without hookgate, or with the project never trusted —
// which shows the case can fail.

import { deepEqual, equal, ok } from "node:assert/strict";
import { docsBlock, gemini, projectGuard, shown, type Workspace, workspace } from "./_agents.ts";
import { servedDeny, serveFromLauncher } from "./_claude.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const DENIED = "deleting a directory tree is not allowed here; move it to ./trash instead";
const rm = (command: string): Turn[] => [{ tool: "run_shell_command", args: { command } }, { text: "Done." }];

/** The project's policy: a Claude-style Bash guard in `.hookgate/config.jsonc`. */
async function policy(ws: Workspace): Promise<void> {
  const guard = await projectGuard(ws);
  await ws.write(
    ".hookgate/config.jsonc",
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }] } }),
  );
}

const SETUP = await docsBlock("docs/agents/gemini.md", ".gemini/settings.json");
/** The `hooks` of the settings the docs' block writes. */
const ROUTING = (JSON.parse(/<<'JSON'\n([\s\S]*?)\nJSON\n/.exec(SETUP)![1]!) as { hooks: unknown }).hooks;

/** The docs' set-up as written: the project's .gemini/settings.json, then `hook-run trust --yes`. */
async function routeProject(ws: Workspace): Promise<void> {
  await policy(ws);
  await ws.sh(SETUP);
}

/**
 * The same routing in the user's ~/.gemini/settings.json, for every project;
 * the project trusted with `hook-run trust --yes` run in `trustIn` (relative
 * to the project; default its root), unless it is `false`. Returns what
 * trust printed.
 */
async function routeUser(ws: Workspace, trustIn: string | false = "."): Promise<string> {
  await policy(ws);
  await ws.editJson("~/.gemini/settings.json", (settings) => ({ ...settings, hooks: ROUTING }));
  return trustIn === false ? "" : await ws.sh("hook-run trust --yes", ws.at(trustIn));
}

/** Without hookgate, the script deletes victim/ (from `cwd`). */
async function control(turns: Turn[], cwd?: string): Promise<void> {
  await using ws = await workspace(model);
  const run = await gemini(ws, model, { turns, ...(cwd === undefined ? {} : { cwd }) });
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: false }, shown(run));
}

/** What the model is told when the guard blocks a call: Gemini's `functionResponse`. */
const BLOCKED = [{ text: JSON.stringify({ error: `Tool execution blocked: ${DENIED}` }), error: true }];

Deno.test({
  name: named(
    "Gemini CLI routed by ~/.gemini/settings.json to hook-run gateway --agent gemini obeys the project's guard",
  ),
  ignore: missing !== undefined,
  async fn() {
    await control(rm("rm -r ./victim"));
    await using ws = await workspace(model);
    await routeUser(ws);
    const run = await gemini(ws, model, { turns: rm("rm -r ./victim") });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    deepEqual(toolResults(run.requests), BLOCKED, shown(run));
  },
});

Deno.test({
  name: named("Gemini CLI set up as docs/agents/gemini.md says (the project's .gemini/settings.json) obeys the guard"),
  ignore: missing !== undefined,
  async fn() {
    await control(rm("rm -r ./victim"));
    await using ws = await workspace(model);
    await routeProject(ws);
    const run = await gemini(ws, model, { turns: rm("rm -r ./victim") });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    deepEqual(toolResults(run.requests), BLOCKED, shown(run));
  },
});

Deno.test({
  name: named(
    "Gemini CLI started in a subdirectory of the project still obeys the project's guard: rm -r ../victim is blocked",
  ),
  ignore: missing !== undefined,
  async fn() {
    await control(rm("rm -r ../victim"), "src");
    await using ws = await workspace(model);
    await routeUser(ws);
    const run = await gemini(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    deepEqual(toolResults(run.requests), BLOCKED, shown(run));
  },
});

Deno.test({
  name: named(
    "hook-run trust run in the project's src/ trusts the project, and Gemini CLI started in src/ then obeys its guard",
  ),
  ignore: missing !== undefined,
  async fn() {
    // The control: the same set-up, never trusted — the project's guard does not count, and Gemini deletes victim/.
    {
      await using ws = await workspace(model);
      await routeUser(ws, false);
      const run = await gemini(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    await using ws = await workspace(model);
    const out = await routeUser(ws, "src");
    ok(out.includes(`trusted: ${ws.project} (sha256:`), out);
    const run = await gemini(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    deepEqual(toolResults(run.requests), BLOCKED, shown(run));
  },
});

Deno.test({
  name: named(
    "Gemini CLI routed through the fast path of docs/agents/gemini.md is refused rm -r by hook-run serve, and still once it is killed",
  ),
  ignore: missing !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await policy(ws);
    await ws.sh(await docsBlock("docs/agents/gemini.md", "hook-run install launcher"));
    const record = ws.at("~/audit.jsonl");
    const server = await serveFromLauncher(ws, ["--socket", "--cwd", ws.project, "--record", record]);
    try {
      const run = await gemini(ws, model, { turns: rm("rm -r ./victim") });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: true }, shown(run));
      deepEqual(toolResults(run.requests), BLOCKED, shown(run));
      // The server answered it: its audit log holds the deny.
      await servedDeny(record, "gemini", server);
    } finally {
      await server.kill();
    }
    const down = await gemini(ws, model, { turns: rm("rm -r ./victim") });
    equal(down.code, 0, shown(down));
    deepEqual(down.files, { victim: true }, shown(down, "the fast path read a dead server as go ahead"));
    deepEqual(toolResults(down.requests), BLOCKED, shown(down));
  },
});
