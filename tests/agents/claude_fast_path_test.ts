// Claude Code itself (the pinned npm release) with hookgate's fast path, set
// up as docs/claude.md teaches: `hook-run install claude --serve` writes
// command hooks that send each event to `hook-run serve` over its Unix
// socket, and the server runs from the launcher (`serve --socket`), as a
// supervisor would start it. The guard's deny reaches Claude through the
// server; then the server is killed, and the next call is still refused —
// the same command hook falls back to the gateway, where an HTTP hook would
// have read the refused connection as "go ahead".

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { type AgentRun, claude, shown, workspace } from "./_agents.ts";
import {
  auditLines,
  DENIED,
  GUARD,
  installClaude,
  RM_VICTIM,
  servedDeny,
  serveFromLauncher,
  userHooks,
} from "./_claude.ts";
import { fakeModel, toolResults } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const unavailable = await agentsUnavailable();
const named = (name: string) => unavailable === undefined ? name : `${name} (ignored: ${unavailable})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

/** That Claude refused the Bash call with the guard's reason. */
function refused(run: AgentRun): void {
  const results = toolResults(run.requests);
  deepEqual(results.map((one) => one.error), [true], shown(run));
  ok(results[0]!.text.includes(DENIED), shown(run));
}

Deno.test({
  name: named(
    "Claude with install claude --serve is refused rm -r through hook-run serve's socket, and still after the server is killed",
  ),
  ignore: unavailable !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await userHooks(ws, { PreToolUse: [GUARD] });
    const out = await installClaude(ws, ["--serve"]);
    match(out, /moved +1 hook on PreToolUse/);
    const settings = JSON.parse((await ws.read("~/.claude/settings.json"))!);
    const commands: string[] = settings.hooks.PreToolUse.flatMap((group: { hooks: { command: string }[] }) =>
      group.hooks.map((hook) => hook.command)
    );
    equal(commands.length, 1);
    match(commands[0]!, /gateway --socket .*serve\.sock --max-time \d+$/);

    const record = ws.at("~/audit.jsonl");
    const server = await serveFromLauncher(ws, ["--socket", "--cwd", ws.project, "--record", record]);
    try {
      const served = await claude(ws, model, { turns: RM_VICTIM });
      equal(served.code, 0, shown(served));
      deepEqual(served.files, { victim: true }, shown(served));
      refused(served);
      // The server answered the call: its audit log holds the PreToolUse it denied.
      await servedDeny(record, "claude", server);
    } finally {
      await server.kill();
    }

    // The server is gone (its socket left behind, as after a crash): the gateway answers in the same command.
    const down = await claude(ws, model, { turns: RM_VICTIM });
    equal(down.code, 0, shown(down));
    deepEqual(down.files, { victim: true }, shown(down, "the fast path read a dead server as go ahead"));
    refused(down);
  },
});

Deno.test({
  name: named(
    "Claude in another project than the server's gets that project's policy: the server answers with that project's layers",
  ),
  ignore: unavailable !== undefined,
  async fn() {
    await using ws = await workspace(model);
    // No user hook: the project's own rule (a deny rule, which holds before the project is trusted) is the policy.
    await ws.write(".hookgate/config.jsonc", JSON.stringify({ rules: { deny: ["Bash(rm *)"] } }));
    await installClaude(ws, ["--serve"]);
    // The server runs for another project, which allows everything.
    const elsewhere = ws.at("~/elsewhere");
    await ws.write("~/elsewhere/.hookgate/config.jsonc", "{}");
    const record = ws.at("~/audit.jsonl");
    const server = await serveFromLauncher(ws, ["--socket", "--cwd", elsewhere, "--record", record]);
    try {
      const run = await claude(ws, model, { turns: RM_VICTIM });
      equal(run.code, 0, shown(run));
      deepEqual(run.files, { victim: true }, shown(run, "the server answered with its own project's layers"));
      const results = toolResults(run.requests);
      deepEqual(results.map((one) => one.error), [true], shown(run));
      // Every call reached the server, which answered each from a host of the session's own project.
      const lines = await auditLines(record);
      ok(lines.length > 0, server.stderr());
      deepEqual([...new Set(lines.map((line) => line.status))], [200], JSON.stringify(lines));
      await servedDeny(record, "claude", server);
    } finally {
      await server.stop();
    }
  },
});
