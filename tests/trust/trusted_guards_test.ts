// A trusted guard stays in force: when a project changes after it was
// trusted, the closed and policy hooks of the trusted version deny what they
// would have checked — on events that gate an action, never on Stop — until
// the project is trusted again or its trust revoked.

import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, HookRegistry, HookRunner, type LoadedConfig } from "../../mod.ts";
import {
  guardPlaceholders,
  readTrustStore,
  revokeProjectTrust,
  TrustFileError,
  writeTrustStore,
} from "../../src/config/mod.ts";
import { tree } from "./_project_tree.ts";

const GUARDED = JSON.stringify({
  hooks: {
    PreToolUse: [{
      name: "no-rm-rf",
      matcher: "bash",
      command: "sh .hookgate/hooks/guard.sh",
      failurePolicy: "closed",
    }],
    UserPromptSubmit: [{ name: "ordinary", command: "true" }],
    Stop: [{ name: "finish-check", command: "sh .hookgate/hooks/guard.sh", failurePolicy: "closed" }],
  },
});
const GUARD_SCRIPT = `grep -q 'rm -rf' && { echo 'rm -rf is blocked' >&2; exit 2; }; exit 0\n`;

/** Runs PreToolUse and Stop through the loaded configuration, as a host would. */
function runnerOf(config: LoadedConfig): HookRunner {
  const registry = new HookRegistry();
  registry.loadShellHooks(config.hooks, { placeholders: config.placeholders ?? [] });
  return new HookRunner({ registry });
}

Deno.test("checkConfig() keeps a changed project's closed guard in force until it is trusted again", async (t) => {
  await using tr = await tree({ ".hookgate/config.jsonc": GUARDED, ".hookgate/hooks/guard.sh": GUARD_SCRIPT });
  await tr.trust();
  const cwd = tr.project;

  await t.step("trusted: the guard runs and blocks rm -rf", async () => {
    const runner = runnerOf(await tr.load());
    equal((await runner.preToolUse("bash", { command: "rm -rf /" }, { cwd })).reason, "rm -rf is blocked");
  });

  // The policed agent appends a comment to its own guard.
  await Deno.writeTextFile(join(tr.project, ".hookgate/hooks/guard.sh"), `${GUARD_SCRIPT}# harmless\n`);

  await t.step("changed: untrusted, but the guard denies every call it would have checked", async () => {
    const config = await tr.load();
    equal(config.project?.trusted, false);
    deepEqual(config.hooks, {});
    deepEqual(config.project?.heldGuards?.map((p) => [p.event, p.name, p.matcher]), [
      ["PreToolUse", "no-rm-rf", "bash"],
    ]);
    const runner = runnerOf(config);
    const denied = await runner.preToolUse("bash", { command: "ls" }, { cwd });
    equal(denied.block, true);
    match(denied.reason!, /changed since you trusted it \(\.hookgate\/hooks\/guard\.sh\)/);
    match(denied.reason!, new RegExp(`hook-run trust --cwd ${tr.project}`));
    match(denied.reason!, /hook-run trust --revoke/);
    // Its matcher still applies, and Stop is never blocked: the agent can finish.
    deepEqual(await runner.preToolUse("read", { file_path: "/etc/hosts" }, { cwd }), {});
    deepEqual(await runner.stop({ cwd }), {});
    deepEqual(await runner.userPromptSubmit("hi", { cwd }), {});
  });

  await t.step("revoked: nothing of the project runs or denies", async () => {
    equal(await revokeProjectTrust(tr.project, join(tr.home, "trust.json")), true);
    const config = await tr.load();
    deepEqual(config.placeholders, []);
    deepEqual(await runnerOf(config).preToolUse("bash", { command: "rm -rf /" }, { cwd }), {});
  });

  await t.step("trusted again: the guard itself runs", async () => {
    await tr.trust();
    const config = await tr.load();
    deepEqual(config.placeholders, []);
    const runner = runnerOf(config);
    equal((await runner.preToolUse("bash", { command: "rm -rf /" }, { cwd })).reason, "rm -rf is blocked");
    deepEqual(await runner.preToolUse("bash", { command: "ls" }, { cwd }), {});
  });
});

Deno.test("checkConfig() keeps a policy hook in force too, and holds back a project of ordinary hooks as before", async (t) => {
  await t.step("a policy hook, though open, denies once its project changed", async () => {
    await using tr = await tree({
      ".hookgate/config.jsonc": JSON.stringify({
        hooks: { UserPromptSubmit: [{ name: "secrets", command: "sh .hookgate/hooks/guard.sh", policy: true }] },
      }),
      ".hookgate/hooks/guard.sh": GUARD_SCRIPT,
    });
    await tr.trust();
    await tr.write(".hookgate/hooks/guard.sh", "exit 0\n");
    const config = await tr.load();
    equal(config.project?.trusted, false);
    equal((await runnerOf(config).userPromptSubmit("hello", { cwd: tr.project })).block, true);
  });

  await t.step("open, ordinary hooks are simply held back", async () => {
    await using tr = await tree({
      ".hookgate/config.jsonc": JSON.stringify({
        hooks: { PreToolUse: [{ name: "lint", command: "sh .hookgate/hooks/guard.sh" }] },
      }),
      ".hookgate/hooks/guard.sh": GUARD_SCRIPT,
    });
    await tr.trust();
    await tr.write(".hookgate/hooks/guard.sh", "exit 0\n");
    const config = await tr.load();
    equal(config.project?.trusted, false);
    deepEqual(config.project?.heldGuards, []);
    deepEqual(config.placeholders, []);
  });

  await t.step("a project never trusted has nothing held in force", async () => {
    await using tr = await tree({ ".hookgate/config.jsonc": GUARDED, ".hookgate/hooks/guard.sh": GUARD_SCRIPT });
    const config = await tr.load();
    equal(config.project?.heldGuards, undefined);
    deepEqual(config.placeholders, []);
  });
});

Deno.test("checkConfig() denies every gated action of a changed project whose trust record names no guards", async () => {
  await using tr = await tree({ ".hookgate/config.jsonc": GUARDED, ".hookgate/hooks/guard.sh": GUARD_SCRIPT });
  await tr.trust();
  // A record written by an earlier hookgate: no "guards" kept.
  const file = join(tr.home, "trust.json");
  const store = await readTrustStore(file);
  delete store.projects[tr.project]!.guards;
  await writeTrustStore(file, store);
  await tr.write(".hookgate/hooks/guard.sh", "exit 0\n");
  const config = await tr.load();
  deepEqual(
    config.project?.heldGuards?.map((p) => p.event).sort(),
    HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction).sort(),
  );
  const runner = runnerOf(config);
  match((await runner.preToolUse("read", {}, { cwd: tr.project })).reason!, /did not note its guards/);
  deepEqual(await runner.stop({ cwd: tr.project }), {});
});

Deno.test("readTrustStore() refuses a record whose guards are malformed", async () => {
  await using tr = await tree({ ".hookgate/config.jsonc": GUARDED, ".hookgate/hooks/guard.sh": GUARD_SCRIPT });
  await tr.trust();
  const file = join(tr.home, "trust.json");
  const store = JSON.parse(await Deno.readTextFile(file));
  store.projects[tr.project].guards = [{ event: "PreToolUse", name: "x", failurePolicy: "sometimes" }];
  await Deno.writeTextFile(file, JSON.stringify(store));
  await rejects(readTrustStore(file), TrustFileError);
  // Never a silent trust, and never a guard lost: the load reports it and fails closed.
  const config = await tr.load();
  equal(config.ok, false);
  ok(config.placeholders?.some((p) => p.event === "PreToolUse"));
});

Deno.test("guardPlaceholders() stands for each recorded guard with its matcher and dialect", () => {
  const placeholders = guardPlaceholders("/p", [
    {
      event: "PreToolUse",
      name: "a",
      matcher: "Bash",
      dialect: "claude",
      failurePolicy: "closed",
      policy: false,
      source: ".claude/settings.json",
    },
    { event: "PermissionRequest", name: "b", failurePolicy: "open", policy: true, source: ".hookgate/config.jsonc" },
  ], "its configuration");
  deepEqual(placeholders.map((p) => [p.event, p.name, p.matcher, p.dialect, p.source]), [
    ["PreToolUse", "a", "Bash", "claude", "/p/.claude/settings.json"],
    ["PermissionRequest", "b", undefined, undefined, "/p/.hookgate/config.jsonc"],
  ]);
});

const CLAUDE_SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/hooks/log.sh" }] }] },
});

/** A project with both parts: hookgate's own guard, and Claude's settings with a script of theirs. */
const BOTH_PARTS = {
  ".hookgate/config.jsonc": GUARDED,
  ".hookgate/hooks/guard.sh": GUARD_SCRIPT,
  ".claude/settings.json": CLAUDE_SETTINGS,
  ".claude/hooks/log.sh": "echo ok\n",
};

Deno.test("checkConfig() keeps one trust record per project, each part counting only for the callers that do not run it themselves", async (t) => {
  await using tr = await tree(BOTH_PARTS);
  await tr.trust();
  const cwd = tr.project;
  const record = (await readTrustStore(join(tr.home, "trust.json"))).projects[tr.project]!;
  await t.step("the record keeps the whole digest and each part's", async () => {
    const snapshot = (await tr.load()).project!.snapshot;
    equal(record.digest, snapshot.digest);
    deepEqual(Object.keys(record.digests ?? {}).sort(), ["claude", "hookgate"]);
    deepEqual(record.digests, snapshot.digests);
  });

  // Claude's own settings change: Claude runs them itself, when Claude calls.
  await tr.write(".claude/hooks/log.sh", "echo changed\n");

  await t.step(
    "for Claude as the caller, the project's own hooks stay trusted and the guard runs, not a blanket deny",
    async () => {
      const config = await tr.load({ caller: "claude" });
      equal(config.project?.trusted, true);
      deepEqual(config.placeholders, []);
      const runner = runnerOf(config);
      equal((await runner.preToolUse("bash", { command: "rm -rf /" }, { cwd })).reason, "rm -rf is blocked");
      deepEqual(await runner.preToolUse("bash", { command: "ls" }, { cwd }), {});
    },
  );
  await t.step("for any other caller, which would run Claude's files too, the project changed", async () => {
    const config = await tr.load();
    equal(config.project?.trusted, false);
    deepEqual(config.project?.heldGuards?.map((p) => p.name), ["no-rm-rf"]);
  });
  await t.step("a change to hookgate's own part holds the project back for Claude too", async () => {
    await tr.write(".hookgate/hooks/guard.sh", `${GUARD_SCRIPT}# edited\n`);
    const config = await tr.load({ caller: "claude" });
    equal(config.project?.trusted, false);
    const denied = await runnerOf(config).preToolUse("bash", { command: "ls" }, { cwd });
    equal(denied.block, true);
  });
});

Deno.test("checkConfig() lets a trust record without per-part digests trust exactly what it was made for, until trusted again", async () => {
  await using tr = await tree(BOTH_PARTS);
  await tr.trust();
  // A record as an earlier hookgate wrote it: the whole digest only.
  const file = join(tr.home, "trust.json");
  const store = await readTrustStore(file);
  delete store.projects[tr.project]!.digests;
  await writeTrustStore(file, store);
  equal((await tr.load()).project?.trusted, true);
  equal((await tr.load({ caller: "claude" })).project?.trusted, true);
  // Nothing says which part it trusted: any change holds the project back for every caller.
  await tr.write(".claude/hooks/log.sh", "echo changed\n");
  equal((await tr.load({ caller: "claude" })).project?.trusted, false);
  // Trusted again, the record has its parts, and Claude's next edit is Claude's own.
  await tr.trust();
  await tr.write(".claude/hooks/log.sh", "echo changed again\n");
  equal((await tr.load({ caller: "claude" })).project?.trusted, true);
  equal((await tr.load()).project?.trusted, false);
});

Deno.test("readTrustStore() refuses a record whose per-part digests are malformed", async () => {
  await using tr = await tree({});
  const file = join(tr.home, "trust.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify({
      version: 1,
      projects: { "/p": { digest: "d", digests: { hookgate: 1 }, trustedAt: "t", hooks: [], files: {} } },
    }),
  );
  await rejects(readTrustStore(file), /"digests" must map owners to digests/);
});
