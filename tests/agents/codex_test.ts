// OpenAI Codex itself (the pinned npm release) routed to hookgate as
// docs/agents/codex.md teaches — its ~/.codex/hooks.json block run as
// written, `hook-run trust` answered yes, and the hooks reviewed the way
// Codex's /hooks records them — with a Claude-style guard as the project's
// policy, against a scripted model on loopback. Each case has a control run
// — without hookgate, or with the project never trusted — which shows the
// case can fail; where hookgate must do what Codex does (async hooks), the
// control shows what Codex does.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import {
  codex,
  docsBlock,
  projectGuard,
  reviewCodexHooks,
  shown,
  trustCodexProject,
  type Workspace,
  workspace,
} from "./_agents.ts";
import { servedDeny, serveFromLauncher } from "./_claude.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const DENIED = "deleting a directory tree is not allowed here; move it to ./trash instead";
const rm = (cmd: string): Turn[] => [{ tool: "exec_command", args: { cmd } }, { text: "Done." }];

/** How {@linkcode routeCodex} sets a project up. */
interface Routing {
  /** More events of the project's policy, beside the Bash guard. */
  hooks?: Record<string, unknown[]>;
  /** The project's whole policy instead (the guard script is there all the same). */
  policy?: Record<string, unknown>;
  /** Applied to ~/.codex/hooks.json once the docs' block wrote it. */
  edit?: (file: Record<string, unknown>) => Record<string, unknown>;
  /** Where the docs' block runs, relative to the project (default its root). */
  cwd?: string;
  /** Whether `hook-run trust` runs, answered `--yes` (default `true`). */
  trust?: boolean;
  /** What the page's block to run holds (default its user set-up: `~/.codex/hooks.json`). */
  block?: string;
}

/**
 * The project's policy — a Claude-style Bash guard in `.hookgate/config.jsonc`,
 * plus `hooks` for other events — and the set-up of docs/agents/codex.md,
 * run as written (`hook-run trust` answered `--yes`), then `edit` applied to
 * ~/.codex/hooks.json, then every Codex hook reviewed. Returns what the
 * block printed.
 */
async function routeCodex(ws: Workspace, routing: Routing = {}): Promise<string> {
  const { hooks = {}, edit = (file) => file, cwd = ".", trust = true, block = "~/.codex/hooks.json" } = routing;
  const guard = await projectGuard(ws);
  const policy = routing.policy ?? { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }], ...hooks } };
  await ws.write(".hookgate/config.jsonc", JSON.stringify(policy, null, 2));
  const setup = await docsBlock("docs/agents/codex.md", block);
  match(setup, /^hook-run trust$/m);
  const out = await ws.sh(setup.replace(/^hook-run trust$/m, trust ? "hook-run trust --yes" : ""), ws.at(cwd));
  await ws.editJson("~/.codex/hooks.json", edit);
  await reviewCodexHooks(ws);
  return out;
}

/** Without hookgate, the script deletes victim/ (from `cwd`). */
async function control(turns: Turn[], cwd?: string): Promise<void> {
  await using ws = await workspace(model);
  const run = await codex(ws, model, { turns, ...(cwd === undefined ? {} : { cwd }) });
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: false }, shown(run));
}

Deno.test({
  name: named(
    "Codex routed to hook-run gateway --agent codex obeys the project's Claude-style guard: rm -r is blocked",
  ),
  ignore: missing !== undefined,
  async fn() {
    await control(rm("rm -r ./victim"));
    await using ws = await workspace(model);
    await routeCodex(ws);
    const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    match(run.stderr, /hook: PreToolUse Blocked/, shown(run));
    const [result] = toolResults(run.requests);
    equal(result?.text, `Command blocked by PreToolUse hook: ${DENIED}. Command: rm -r ./victim`, shown(run));
  },
});

Deno.test({
  name: named(
    "Codex started in a subdirectory of the project still obeys the project's guard: rm -r ../victim is blocked",
  ),
  ignore: missing !== undefined,
  async fn() {
    await control(rm("rm -r ../victim"), "src");
    await using ws = await workspace(model);
    await routeCodex(ws);
    const run = await codex(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    match(run.stderr, /hook: PreToolUse Blocked/, shown(run));
  },
});

Deno.test({
  name: named(
    "a project whose .codex/hooks.json uses PreModelRequest and PostModelRequest can be trusted, and Codex runs",
  ),
  ignore: missing !== undefined,
  async fn() {
    const modelHooks = {
      hooks: {
        PreModelRequest: [{ hooks: [{ type: "command", command: `echo PreModelRequest >> "$HOME/model-hooks.log"` }] }],
        PostModelRequest: [{
          hooks: [{ type: "command", command: `echo PostModelRequest >> "$HOME/model-hooks.log"` }],
        }],
      },
    };
    // Codex alone runs them.
    {
      await using ws = await workspace(model);
      await ws.write(".codex/hooks.json", JSON.stringify(modelHooks));
      await trustCodexProject(ws);
      await reviewCodexHooks(ws);
      const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
      equal(run.code, 0, shown(run));
      match(await ws.read("~/model-hooks.log") ?? "", /PreModelRequest\nPostModelRequest\n/, shown(run));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    await using ws = await workspace(model);
    await ws.write(".codex/hooks.json", JSON.stringify(modelHooks));
    await trustCodexProject(ws);
    await routeCodex(ws);
    const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
    equal(run.code, 0, shown(run));
    match(await ws.read("~/model-hooks.log") ?? "", /PreModelRequest\nPostModelRequest\n/, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
  },
});

Deno.test({
  name: named("Codex's SessionEnd, routed to hook-run gateway --agent codex, runs the project's SessionEnd hooks"),
  ignore: missing !== undefined,
  async fn() {
    const sessionEnd = (command: string) => [{ hooks: [{ type: "command", command }] }];
    // Codex alone fires SessionEnd at the end of `codex exec` (printing nothing about it, and killing a hook that
    // takes more than about a second).
    {
      await using ws = await workspace(model);
      await ws.write(
        "~/.codex/hooks.json",
        JSON.stringify({ hooks: { SessionEnd: sessionEnd(`touch "$HOME/session-ended"`) } }),
      );
      await reviewCodexHooks(ws);
      const run = await codex(ws, model, { turns: [{ text: "Done." }] });
      equal(run.code, 0, shown(run));
      ok(await ws.exists("~/session-ended"), shown(run));
    }
    await using ws = await workspace(model);
    await routeCodex(ws, {
      hooks: { SessionEnd: sessionEnd(`jq -r .reason > "$HOME/session-ended"`) },
      // The routing entry of the docs' block, on one more event.
      edit: (file) => {
        const hooks = file.hooks as Record<string, unknown[]>;
        return { hooks: { ...hooks, SessionEnd: hooks.Stop } };
      },
    });
    const run = await codex(ws, model, { turns: [{ text: "Done." }] });
    equal(run.code, 0, shown(run));
    const ended = await ws.read("~/session-ended");
    ok(ended !== undefined && ended.trim() !== "", shown(run, `session-ended: ${JSON.stringify(ended)}`));
  },
});

/** Waits until `path` of the workspace exists, up to `seconds`; its text, or `undefined`. */
async function eventually(ws: Workspace, path: string, seconds: number): Promise<string | undefined> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await ws.exists(path)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return await ws.read(path);
}

Deno.test({
  name: named(
    "a Codex hooks.json's async: true hook runs under hook-run gateway --agent codex as Codex runs it: it runs, and its exit 2 blocks nothing",
  ),
  ignore: missing !== undefined,
  async fn() {
    // The user's Codex hooks: one async command hook, which writes the command it saw to a marker, then asks to
    // block — which an async hook cannot: the call never waits for it.
    const marker = `jq -r .tool_input.command > "$HOME/async-ran.tmp" && mv "$HOME/async-ran.tmp" "$HOME/async-ran"; ` +
      `echo "an async hook cannot block" >&2; exit 2`;
    const codexHooks = {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: marker, async: true }] }] },
    };
    // Codex alone runs it (this is parity, not a failure to show: the control says what Codex does). An async hook
    // may still run when `codex exec` ends, so the marker is waited for, within a bound.
    {
      await using ws = await workspace(model);
      await ws.write("~/.codex/hooks.json", JSON.stringify(codexHooks));
      await reviewCodexHooks(ws);
      const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
      equal(run.code, 0, shown(run));
      equal(await eventually(ws, "~/async-ran", 20), "rm -r ./victim\n", shown(run, "Codex ran the async hook"));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    // The same hooks as the project's policy, a copy saying "dialect": "codex" (docs/agents/codex.md), with Codex
    // routed to hookgate as the docs teach.
    await using ws = await workspace(model);
    await routeCodex(ws, { policy: { dialect: "codex", ...codexHooks } });
    const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
    equal(run.code, 0, shown(run));
    equal(await eventually(ws, "~/async-ran", 20), "rm -r ./victim\n", shown(run, "hookgate ran the async hook"));
    deepEqual(run.files, { victim: false }, shown(run));
  },
});

Deno.test({
  name: named(
    "hook-run trust run in the project's src/ trusts the project, and Codex started in src/ then obeys its guard",
  ),
  ignore: missing !== undefined,
  async fn() {
    // The control: the same set-up, never trusted — the project's guard does not count, and Codex deletes victim/.
    {
      await using ws = await workspace(model);
      await routeCodex(ws, { cwd: "src", trust: false });
      const run = await codex(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: false }, shown(run));
    }
    await using ws = await workspace(model);
    const out = await routeCodex(ws, { cwd: "src" });
    ok(out.includes(`trusted: ${ws.project} (sha256:`), out);
    const run = await codex(ws, model, { turns: rm("rm -r ../victim"), cwd: "src" });
    equal(run.code, 0, shown(run));
    deepEqual(run.files, { victim: true }, shown(run));
    match(run.stderr, /hook: PreToolUse Blocked/, shown(run));
    const [result] = toolResults(run.requests);
    equal(result?.text, `Command blocked by PreToolUse hook: ${DENIED}. Command: rm -r ../victim`, shown(run));
  },
});

Deno.test({
  name: named(
    "Codex routed through the fast path of docs/agents/codex.md is refused rm -r by hook-run serve, and still once it is killed",
  ),
  ignore: missing !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await routeCodex(ws, { block: "hook-run install launcher" });
    const record = ws.at("~/audit.jsonl");
    const server = await serveFromLauncher(ws, ["--socket", "--cwd", ws.project, "--record", record]);
    try {
      const run = await codex(ws, model, { turns: rm("rm -r ./victim") });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: true }, shown(run));
      const [result] = toolResults(run.requests);
      equal(result?.text, `Command blocked by PreToolUse hook: ${DENIED}. Command: rm -r ./victim`, shown(run));
      // The server answered it: its audit log holds the deny.
      await servedDeny(record, "codex", server);
    } finally {
      await server.kill();
    }
    const down = await codex(ws, model, { turns: rm("rm -r ./victim") });
    equal(down.code, 0, shown(down));
    deepEqual(down.files, { victim: true }, shown(down, "the fast path read a dead server as go ahead"));
    match(down.stderr, /hook: PreToolUse Blocked/, shown(down));
  },
});
