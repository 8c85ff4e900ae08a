// Claude Code itself (the pinned npm release) with hookgate installed as the
// README teaches — `deno task hook-run install claude` in the checkout, with
// the user's own hooks in ~/.claude/settings.json — against a scripted model
// on loopback. Each case has a control run without hookgate, which shows
// that the model's script really makes Claude do what the case guards
// against, or with the user's hooks moved where hookgate cannot run them.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { claude, shown, workspace } from "./_agents.ts";
import {
  DENIED,
  GUARD,
  hookRunClaude,
  installClaude,
  refusedWith,
  RM_VICTIM,
  STOP_GATE,
  userHooks,
} from "./_claude.ts";
import { fakeModel, modelCalls, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

/** Without hookgate or any hook, the script deletes victim/: the cases below can fail. */
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

Deno.test({
  name: named(
    "after hook-run install claude, a user's HTTP and curl hooks to a local policy service still refuse rm -r, and uninstall gives the settings back as they were",
  ),
  ignore: missing !== undefined,
  async fn() {
    // The user's own policy service on loopback /hooks URLs, as Claude's HTTP hooks and a curl hook call it: it
    // denies deleting a directory tree, and logs which hook asked.
    const seen: string[] = [];
    const policy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
      const event = await request.json() as { tool_input?: { command?: string } };
      const command = event.tool_input?.command ?? "";
      seen.push(`${new URL(request.url).pathname} ${command}`);
      if (!/\brm -r\b/.test(command)) return Response.json({});
      return Response.json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "the local policy service keeps directory trees",
        },
      });
    });
    try {
      const service = `http://127.0.0.1:${policy.addr.port}`;
      const settings = {
        env: { EDITOR: "vi" },
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "http", url: `${service}/hooks/PreToolUse`, timeout: 10 }] },
            {
              matcher: "Bash",
              hooks: [{
                type: "command",
                command: `curl -sS --max-time 10 -H 'content-type: application/json' --data-binary @- ${service}/hooks`,
              }],
            },
          ],
        },
      };
      await control();
      await using ws = await workspace(model);
      await ws.editJson("~/.claude/settings.json", () => settings);
      // Claude alone: both hooks ask the service, and it refuses the call.
      const alone = await claude(ws, model, { turns: RM_VICTIM });
      deepEqual(alone.files, { victim: true }, shown(alone));
      deepEqual(seen.toSorted(), ["/hooks rm -r ./victim", "/hooks/PreToolUse rm -r ./victim"], shown(alone));
      seen.length = 0;

      const out = await installClaude(ws);
      match(out, /kept +2 hooks calling a local \/hooks URL/);
      const installed = JSON.parse((await ws.read("~/.claude/settings.json"))!);
      deepEqual(
        installed.hooks.PreToolUse.filter((group: { hooks: { hookgate?: string }[] }) =>
          group.hooks.every((hook) => hook.hookgate !== "routing")
        ),
        settings.hooks.PreToolUse,
        "both hooks stay in Claude's file, beside the routing",
      );
      const run = await claude(ws, model, { turns: RM_VICTIM });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: true }, shown(run));
      deepEqual(seen.toSorted(), ["/hooks rm -r ./victim", "/hooks/PreToolUse rm -r ./victim"], shown(run));
      const results = toolResults(run.requests);
      deepEqual(results.map((one) => one.error), [true], shown(run));
      match(results[0]!.text, /the local policy service keeps directory trees/, shown(run));

      // The control: moved to hookgate like the user's other hooks, as installs did before they kept these in
      // Claude's file, the two hooks are taken for routing to hookgate and left out — and Claude runs the call.
      const installedText = (await ws.read("~/.claude/settings.json"))!;
      const movedText = await ws.read("~/.config/hookgate/claude-hooks.json");
      await ws.editJson("~/.claude/settings.json", (file) => {
        const hooks = file.hooks as Record<string, { hooks: { hookgate?: string }[] }[]>;
        const routing = hooks.PreToolUse!.filter((group) => group.hooks.some((hook) => hook.hookgate === "routing"));
        return { ...file, hooks: { ...hooks, PreToolUse: routing } };
      });
      await ws.editJson("~/.config/hookgate/claude-hooks.json", () => ({ hooks: settings.hooks }));
      seen.length = 0;
      const moved = await claude(ws, model, { turns: RM_VICTIM });
      deepEqual(moved.files, { victim: false }, shown(moved));
      deepEqual(seen, [], "the service was never asked");
      // Back to what install wrote.
      await ws.write("~/.claude/settings.json", installedText);
      if (movedText === undefined) await Deno.remove(ws.at("~/.config/hookgate/claude-hooks.json"));
      else await ws.write("~/.config/hookgate/claude-hooks.json", movedText);

      await hookRunClaude(ws, "uninstall");
      deepEqual(JSON.parse((await ws.read("~/.claude/settings.json"))!), settings);
    } finally {
      await policy.shutdown();
    }
  },
});
