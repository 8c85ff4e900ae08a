// The gateway's memo through the launcher `hook-run install claude` builds,
// as Claude runs it: an event no hook is configured for is answered from the
// memo after its first call — without loading the gateway at all — and any
// change to what that load read (a layer edited, created, linked elsewhere;
// a project, a managed layer, trust; a variable) has the next call load and
// run the hooks there are now. Each case shows the memo answered first, so
// that the change is what made the difference.

import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  claudeEvent,
  type LauncherHome,
  postToolUse,
  USER_LAYER,
  withLauncherHome,
  withoutGatewayModule,
} from "./_launcher.ts";
import { cli } from "../cli/_cli.ts";

/** A layer whose PostToolUse hook says something the answer carries. */
const CONTEXT = {
  hooks: {
    ...USER_LAYER.hooks,
    PostToolUse: [{
      hooks: [{
        type: "command",
        command:
          `printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ran after all"}}'`,
      }],
    }],
  },
};

/** That the call was answered from the memo: the gateway's module is hidden, and the answer is still `{}`. */
async function answeredFromMemo(home: LauncherHome, event: unknown, env: Record<string, string> = {}): Promise<void> {
  await withoutGatewayModule(home, async () => {
    const run = await home.gateway(event, { env });
    equal(run.code, 0, run.stderr);
    equal(run.stdout, "{}\n");
    equal(run.stderr, "");
  });
}

/** The first call loads and answers `{}`, and leaves a memo the next call is answered from. */
async function learned(home: LauncherHome, event: unknown, env: Record<string, string> = {}): Promise<void> {
  const first = await home.gateway(event, { env });
  equal(first.code, 0, first.stderr);
  equal(first.stdout, "{}\n");
  await answeredFromMemo(home, event, env);
}

/** That the call loaded and ran the PostToolUse hook of {@linkcode CONTEXT}. */
async function ranTheHook(home: LauncherHome, event: unknown, env: Record<string, string> = {}): Promise<void> {
  const run = await home.gateway(event, { env });
  equal(run.code, 0, run.stderr);
  match(run.stdout, /ran after all/);
}

Deno.test("an event no hook is configured for is answered from the memo after its first call, byte for byte", async () => {
  await withLauncherHome(async (home) => {
    const event = postToolUse(home.project);
    deepEqual(await home.memos(), []);
    const first = await home.gateway(event);
    equal(first.code, 0, first.stderr);
    equal(first.stdout, "{}\n");
    equal(first.stderr, "");
    equal((await home.memos()).length, 1);
    await answeredFromMemo(home, event);
    // An event whose hooks are configured is never answered from it: without the gateway's module it fails closed.
    await withoutGatewayModule(home, async () => {
      const guarded = await home.gateway(
        claudeEvent(home.project, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }),
      );
      equal(guarded.code, 2, guarded.stdout);
    });
  });
});

Deno.test("the memo is never used once anything its load read has changed", async (t) => {
  await withLauncherHome(async (home) => {
    const event = postToolUse(home.project);
    const user = join(home.hookgate, "config.jsonc");
    await t.step("the user layer gains a hook on the event", async () => {
      await learned(home, event);
      await Deno.writeTextFile(user, JSON.stringify(CONTEXT));
      await ranTheHook(home, event);
      await Deno.writeTextFile(user, JSON.stringify(USER_LAYER));
    });
    await t.step("an edit that keeps the layer's size and time", async () => {
      const quiet = JSON.stringify({
        hooks: { ...USER_LAYER.hooks, TaskCreated: [{ hooks: [{ command: "true" }] }] },
      });
      const loud = JSON.stringify({ hooks: { ...USER_LAYER.hooks, PostToolUse: [{ hooks: [{ command: "true" }] }] } });
      equal(quiet.length, loud.length);
      await Deno.writeTextFile(user, quiet);
      const { mtime } = await Deno.stat(user);
      await learned(home, event);
      await Deno.writeTextFile(user, loud);
      await Deno.utime(user, mtime!, mtime!);
      // PostToolUse now has a hook: the gateway loads (its module hidden, it fails closed).
      await withoutGatewayModule(home, async () => notEqual((await home.gateway(event)).code, 0));
      await Deno.writeTextFile(user, JSON.stringify(USER_LAYER));
    });
    await t.step("the user layer becomes a link to another file", async () => {
      const elsewhere = join(home.dir, "elsewhere.jsonc");
      await Deno.writeTextFile(elsewhere, JSON.stringify(CONTEXT));
      await learned(home, event);
      await Deno.rename(user, `${user}.kept`);
      await Deno.symlink(elsewhere, user);
      await ranTheHook(home, event);
      await Deno.remove(user);
      await Deno.rename(`${user}.kept`, user);
    });
    await t.step("a project layer appears (held back until trusted: its note is the answer)", async () => {
      await learned(home, event);
      const layer = join(home.project, ".hookgate", "config.jsonc");
      await Deno.mkdir(join(home.project, ".hookgate"));
      await Deno.writeTextFile(layer, JSON.stringify(CONTEXT));
      const run = await home.gateway(event);
      equal(run.code, 0, run.stderr);
      match(run.stdout, /hookgate skipped .* untrusted project/);
      // Trusted, its hook runs.
      const trust = await cli(["trust", "--yes", "--cwd", home.project], { home: home.home, cwd: home.project });
      equal(trust.code, 0, trust.stderr);
      await ranTheHook(home, event);
      await Deno.remove(join(home.project, ".hookgate"), { recursive: true });
    });
    await t.step("a managed directory is added", async () => {
      await learned(home, event);
      const managed = join(home.dir, "managed");
      await Deno.mkdir(managed, { mode: 0o700 });
      await Deno.chmod(managed, 0o700);
      await Deno.writeTextFile(join(managed, "config.jsonc"), JSON.stringify(CONTEXT), { mode: 0o600 });
      await ranTheHook(home, event, { HOOKGATE_MANAGED_DIR: managed });
      await Deno.remove(managed, { recursive: true });
    });
    await t.step("another project directory", async () => {
      await learned(home, event);
      const other = join(home.dir, "other");
      await Deno.mkdir(join(other, ".hookgate"), { recursive: true });
      await Deno.writeTextFile(join(other, ".hookgate", "config.jsonc"), JSON.stringify({ rules: { deny: ["Bash"] } }));
      // The project differs, and so does its answer: an untrusted layer's deny rule applies to PreToolUse only,
      // and PostToolUse is still answered {} — by a load, since the memo's reads were another project's.
      await withoutGatewayModule(home, async () => {
        notEqual((await home.gateway({ ...event, cwd: other }, { env: { CLAUDE_PROJECT_DIR: other } })).code, 0);
      });
    });
    await t.step("a memo file that is not one", async () => {
      await learned(home, event);
      for (const name of await home.memos()) await Deno.writeTextFile(join(home.hookgate, "memo", name), "{oops");
      await Deno.writeTextFile(user, JSON.stringify(CONTEXT));
      await ranTheHook(home, event);
      await Deno.writeTextFile(user, JSON.stringify(USER_LAYER));
    });
  });
});

Deno.test("a call whose session has async results waiting, or with calls waiting for a courier, loads", async (t) => {
  await withLauncherHome(async (home) => {
    const event = postToolUse(home.project);
    await learned(home, event);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("memo-session")));
    const session = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    await t.step("results of its session", async () => {
      const dir = join(home.hookgate, "async", session);
      await Deno.mkdir(dir, { recursive: true });
      await withoutGatewayModule(home, async () => notEqual((await home.gateway(event)).code, 0));
      await Deno.remove(join(home.hookgate, "async"), { recursive: true });
      await answeredFromMemo(home, event);
    });
    await t.step("a call waiting for a courier", async () => {
      const calls = join(home.hookgate, "async", "couriers", "0".repeat(64), "calls");
      await Deno.mkdir(calls, { recursive: true });
      await Deno.writeTextFile(join(calls, "1.json"), "{}");
      await withoutGatewayModule(home, async () => notEqual((await home.gateway(event)).code, 0));
      await Deno.remove(join(home.hookgate, "async"), { recursive: true });
      await answeredFromMemo(home, event);
    });
  });
});

Deno.test("a call that says anything, or whose words do more than answer, leaves no memo", async (t) => {
  await withLauncherHome(async (home) => {
    const event = postToolUse(home.project);
    await t.step("--trace", async () => {
      equal((await home.gateway(event, { args: ["--trace"] })).code, 0);
      deepEqual(await home.memos(), []);
    });
    await t.step("a layer that cannot be parsed (its stand-in denies, and the answer says so)", async () => {
      await Deno.writeTextFile(join(home.hookgate, "config.jsonc"), "{ not json");
      const run = await home.gateway(event);
      equal(run.code, 0, run.stderr);
      match(run.stdout, /"systemMessage":".*config\.jsonc/);
      deepEqual(await home.memos(), []);
      await Deno.writeTextFile(join(home.hookgate, "config.jsonc"), JSON.stringify(USER_LAYER));
    });
    await t.step("no configuration at all", async () => {
      await Deno.remove(join(home.hookgate, "config.jsonc"));
      const run = await home.gateway(event);
      match(run.stderr, /no hookgate configuration found/);
      deepEqual(await home.memos(), []);
      await Deno.writeTextFile(join(home.hookgate, "config.jsonc"), JSON.stringify(USER_LAYER));
    });
    await t.step("a payload that is not JSON is the gateway's to refuse, memo or not", async () => {
      await learned(home, event);
      const run = await home.gateway(undefined, { text: "PostToolUse" });
      equal(run.code, 2);
      match(run.stderr, /hook-run gateway: /);
    });
  });
});

Deno.test("the memo is kept per set-up: the words, the directory, the event's cwd", async () => {
  await withLauncherHome(async (home) => {
    const event = postToolUse(home.project);
    await learned(home, event);
    const codex = {
      session_id: "s",
      turn_id: "t",
      transcript_path: null,
      cwd: home.project,
      hook_event_name: "PostToolUse",
      model: "gpt-5.5",
      permission_mode: "default",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_response: "a\n",
      tool_use_id: "c-1",
    };
    const first = await home.gateway(codex, { args: ["--agent", "codex"] });
    equal(first.code, 0, first.stderr);
    equal((await home.memos()).length, 2);
    ok(first.stdout.length > 0);
  });
});

/** Why the system's managed directory cannot be made here (it needs root, and none there), or `undefined`. */
async function managedDirUnavailable(): Promise<string | undefined> {
  if (Deno.build.os !== "linux") return "needs Linux";
  const probe = await Deno.makeTempFile({ prefix: "hookgate-uid-" });
  const root = (await Deno.stat(probe)).uid === 0;
  await Deno.remove(probe);
  if (!root) return "needs root, to write /etc/hookgate";
  return await Deno.lstat("/etc/hookgate").then(() => "/etc/hookgate is there already", () => undefined);
}

const managedMissing = await managedDirUnavailable();

Deno.test({
  name: `on a machine with a managed configuration the memo is never used: it lives where the user can write${
    managedMissing === undefined ? "" : ` (ignored: ${managedMissing})`
  }`,
  ignore: managedMissing !== undefined,
  async fn() {
    await withLauncherHome(async (home) => {
      const event = postToolUse(home.project);
      await learned(home, event);
      await Deno.mkdir("/etc/hookgate", { mode: 0o755 });
      try {
        await Deno.writeTextFile("/etc/hookgate/config.jsonc", JSON.stringify(CONTEXT), { mode: 0o644 });
        // The managed layer's hook runs, and a memo written before (or forged since) answers nothing.
        await ranTheHook(home, event);
        await Deno.writeTextFile("/etc/hookgate/config.jsonc", "{}", { mode: 0o644 });
        const first = await home.gateway(event);
        equal(first.stdout, "{}\n", first.stderr);
        await withoutGatewayModule(home, async () => notEqual((await home.gateway(event)).code, 0));
      } finally {
        await Deno.remove("/etc/hookgate", { recursive: true });
      }
      await learned(home, event);
    });
  },
});
