// Claude Code itself (the pinned npm release) with hookgate installed as the
// README teaches — `deno task hook-run install claude` in the checkout, with
// the user's own hooks in ~/.claude/settings.json — against a scripted model
// on loopback. Each case has a control run without hookgate, which shows
// that the model's script really makes Claude do what the case guards
// against.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { type AgentRun, claude, ROOT, shown, testdata, type Workspace, workspace } from "./_agents.ts";
import { fakeModel, modelCalls, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

const RM_VICTIM: Turn[] = [
  { tool: "Bash", args: { command: "rm -r ./victim", description: "Delete the victim directory" } },
  { text: "Done." },
];
const DENIED = "deleting a directory tree is not allowed here; move it to ./trash instead";

/** `deno task hook-run install claude` in the checkout, for this user. */
async function installClaude(ws: Workspace): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "hook-run", "install", "claude"],
    cwd: ROOT,
    clearEnv: true,
    env: ws.env(),
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  equal(code, 0, `hook-run install claude failed:\n${decoder.decode(stdout)}${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** The user's hook scripts in ~/.claude/hooks/, and their settings naming them as Claude's documentation does. */
async function userHooks(ws: Workspace, hooks: Record<string, unknown[]>): Promise<void> {
  for (const script of ["bash_guard.sh", "stop_gate.sh"]) {
    await Deno.mkdir(ws.at("~/.claude/hooks"), { recursive: true });
    await Deno.copyFile(testdata(script), ws.at(`~/.claude/hooks/${script}`));
    await Deno.chmod(ws.at(`~/.claude/hooks/${script}`), 0o755);
  }
  await ws.editJson("~/.claude/settings.json", (settings) => ({ ...settings, hooks }));
}

const GUARD = { matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/hooks/bash_guard.sh" }] };
const STOP_GATE = { hooks: [{ type: "command", command: "~/.claude/hooks/stop_gate.sh" }] };

/** Without hookgate or any hook, the script deletes victim/: the cases below can fail. */
/**
 * That Claude refused what the turn asked, saying why: the prompt itself
 * (the gateway fails closed from the first event that can block, so the
 * model is never asked), or else the tool call, with `reason` shown.
 */
function refusedWith(run: AgentRun, reason: string): void {
  const results = toolResults(run.requests);
  if (results.length === 0) {
    equal(modelCalls(run.requests), 0, shown(run));
    ok(run.stdout.includes("UserPromptSubmit operation blocked by hook") && run.stdout.includes(reason), shown(run));
  } else {
    deepEqual(results.map((one) => one.error), [true], shown(run));
  }
}

async function control(turns: Turn[] = RM_VICTIM): Promise<void> {
  await using ws = await workspace(model);
  const run = await claude(ws, model, { turns });
  equal(run.code, 0, shown(run));
  deepEqual(run.files, { victim: false }, shown(run));
}

Deno.test({
  name: named(
    "hook-run install claude moves a bash+jq guard to hookgate: Claude refuses rm -r with its reason, runs a harmless command",
  ),
  ignore: missing !== undefined,
  async fn() {
    const turns: Turn[] = [
      { tool: "Bash", args: { command: "rm -r ./victim", description: "Delete the victim directory" } },
      { tool: "Bash", args: { command: "echo hello > made.txt", description: "Write a file" } },
      { text: "Done." },
    ];
    const watch = ["victim", "made.txt"];
    await control(turns);
    await using ws = await workspace(model);
    await userHooks(ws, { PreToolUse: [GUARD] });
    // Claude alone runs the guard: what the model is told is the drop-in's reference.
    const alone = await claude(ws, model, { turns, watch });
    deepEqual(alone.files, { victim: true, "made.txt": true }, shown(alone));
    await ws.sh("rm made.txt");

    const out = await installClaude(ws);
    match(out, /moved +1 hook on PreToolUse/);
    // Claude's file keeps only the routing; hookgate runs the guard now.
    match(await ws.read("~/.config/hookgate/claude-hooks.json") ?? "", /bash_guard\.sh/);
    equal((await ws.read("~/.claude/settings.json"))!.includes("bash_guard.sh"), false);

    const run = await claude(ws, model, { turns, watch });
    equal(run.code, 0, shown(run));
    // Offline, Claude calls nothing but the Messages API.
    deepEqual([...new Set(run.requests.map((one) => one.path))], ["/v1/messages?beta=true"]);
    deepEqual(run.files, { victim: true, "made.txt": true }, shown(run));
    const results = toolResults(run.requests);
    deepEqual(results, toolResults(alone.requests), shown(run));
    deepEqual(results.map((one) => one.error), [true, false]);
    match(results[0]!.text, new RegExp(DENIED));
    equal(await ws.read("made.txt"), "hello\n");
  },
});

Deno.test({
  name: named("hook-run install claude moves a Stop hook to hookgate: it sends Claude back once, with its reason"),
  ignore: missing !== undefined,
  async fn() {
    const turns: Turn[] = [{ text: "Done." }, { text: "I changed nothing." }, { text: "Still nothing." }];
    // Without the hook, Claude stops after one model call.
    {
      await using ws = await workspace(model);
      const run = await claude(ws, model, { turns });
      equal(modelCalls(run.requests), 1, shown(run));
    }
    await using ws = await workspace(model);
    await userHooks(ws, { Stop: [STOP_GATE] });
    await installClaude(ws);
    const run = await claude(ws, model, { turns });
    equal(run.code, 0, shown(run));
    // The block makes one more model call, which carries the reason; the second stop goes through.
    equal(modelCalls(run.requests), 2, shown(run));
    const sent = JSON.stringify(run.requests.at(-1)!.body.messages);
    ok(sent.includes("Stop hook feedback:\\nBefore you stop, list the files you changed."), sent.slice(-2000));
  },
});

Deno.test({
  name: named(
    "Claude's call is blocked when the launcher built by hook-run install claude has lost its bundle (hook-run.js)",
  ),
  ignore: missing !== undefined,
  async fn() {
    await control();
    await using ws = await workspace(model);
    await userHooks(ws, { PreToolUse: [GUARD] });
    await installClaude(ws);
    await Deno.remove(ws.at("~/.config/hookgate/hook-run.js"));
    const run = await claude(ws, model, { turns: RM_VICTIM });
    // A guard that cannot run must not let the call through.
    deepEqual(run.files, { victim: true }, shown(run));
    refusedWith(run, "hook-run: cannot start the gateway: cannot read the bundle");
  },
});

Deno.test({
  name: named("Claude's call is blocked when $HOOKGATE_HOME/config.jsonc is a link to a file that does not exist"),
  ignore: missing !== undefined,
  async fn() {
    await control();
    await using ws = await workspace(model);
    await installClaude(ws);
    // The user's policy lives in a dotfiles checkout that is not there (yet).
    await Deno.symlink(ws.at("~/dotfiles/hookgate/config.jsonc"), ws.at("~/.config/hookgate/config.jsonc"));
    const run = await claude(ws, model, { turns: RM_VICTIM });
    deepEqual(run.files, { victim: true }, shown(run));
    refusedWith(run, "it is a link to");
  },
});

Deno.test({
  name: named(
    "after hook-run install claude, a hook in both ~/.claude/settings.json and the project's runs once, as in Claude",
  ),
  ignore: missing !== undefined,
  async fn() {
    const turns: Turn[] = [{ tool: "Bash", args: { command: "echo hi", description: "Say hi" } }, { text: "Done." }];
    const counter = {
      matcher: "Bash",
      hooks: [{ type: "command", command: `echo "$(jq -r .hook_event_name)" >> "$CLAUDE_PROJECT_DIR/runs.log"` }],
    };
    const settings = { hooks: { PreToolUse: [counter] } };
    // Claude alone runs an identical command of two settings files once.
    {
      await using ws = await workspace(model);
      await ws.editJson("~/.claude/settings.json", () => settings);
      await ws.editJson(".claude/settings.json", () => settings);
      const run = await claude(ws, model, { turns });
      equal(run.code, 0, shown(run));
      const runs = await ws.read("runs.log");
      equal(runs, "PreToolUse\n", shown(run, `runs.log: ${JSON.stringify(runs)}`));
    }
    await using ws = await workspace(model);
    await ws.editJson("~/.claude/settings.json", () => settings);
    await ws.editJson(".claude/settings.json", () => settings);
    await installClaude(ws);
    const run = await claude(ws, model, { turns });
    equal(run.code, 0, shown(run));
    const runs = await ws.read("runs.log");
    equal(runs, "PreToolUse\n", shown(run, `runs.log: ${JSON.stringify(runs)}`));
  },
});
