// Claude Code itself (the pinned npm release) answered by `hook-run serve`,
// set up as docs/serve.md and `hook-run install claude --serve` teach: the
// user's guard moves to hookgate, Claude's settings hold HTTP hooks to the
// server, and the server runs from the launcher, started as its supervisor
// would. Claude reads everything but a 2xx answer — a refused connection, a
// timeout — as "go ahead", so the server must answer Claude's call even
// while idle sockets hold every one of its connection slots. The control
// stops the server and shows Claude running the call.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { type AgentRun, claude, shown, type Workspace, workspace } from "./_agents.ts";
import {
  DENIED,
  GUARD,
  hookResponses,
  installClaude,
  RM_VICTIM,
  serveFromLauncher,
  type Server,
  userHooks,
} from "./_claude.ts";
import { fakeModel, toolResults } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

/** Idle sockets the test holds: several times the server's default --max-connections (256). */
const FLOOD = 1200;

/**
 * The test process's own limit on open descriptors (its soft `ulimit -n`),
 * as a shell it starts inherits it; `Infinity` when none can be read.
 */
function descriptorLimit(): number {
  try {
    const { stdout } = new Deno.Command("sh", { args: ["-c", "ulimit -n"], stdout: "piped", stderr: "null" })
      .outputSync();
    const soft = new TextDecoder().decode(stdout).trim();
    return /^\d+$/.test(soft) ? Number(soft) : Infinity;
  } catch {
    return Infinity;
  }
}

const unavailable = await agentsUnavailable();
const limit = descriptorLimit();
const missing = unavailable ??
  (limit >= FLOOD + 256
    ? undefined
    : `the test process may open ${limit} descriptors, ${FLOOD + 256} are needed; run it under "ulimit -n ${
      FLOOD + 512
    }"`);
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

/** A free port on loopback, for the server (the default 8787 may be taken on a shared machine). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/**
 * The server as install tells the user to start it, `<launcher> serve --port
 * N`, with `--cwd` the project as in docs/serve.md's unit.
 */
function startServe(ws: Workspace, port: number, more: string[] = []): Promise<Server> {
  return serveFromLauncher(ws, ["--port", String(port), "--cwd", ws.project, ...more]);
}

/** Idle sockets held open to a server: none sends a byte. */
interface Flood extends AsyncDisposable {
  /** How many of them the server has closed. */
  closed(): number;
}

/** Opens `count` connections to `port`, 50 at a time, each sending nothing, and notes when the server closes one. */
async function flood(port: number, count: number): Promise<Flood> {
  const held: Deno.TcpConn[] = [];
  const watching: Promise<void>[] = [];
  let closed = 0;
  let ending = false;
  const watch = async (conn: Deno.TcpConn) => {
    try {
      // Nothing is ever sent, so the only thing to read is the end: the server closed it.
      if (await conn.read(new Uint8Array(1)) === null && !ending) closed++;
    } catch {
      // Closed by the test, or reset.
      if (!ending) closed++;
    }
  };
  const end = async () => {
    ending = true;
    for (const conn of held) {
      try {
        conn.close();
      } catch {
        // Closed already.
      }
    }
    await Promise.all(watching);
  };
  try {
    while (held.length < count) {
      const batch = await Promise.all(
        Array.from(
          { length: Math.min(50, count - held.length) },
          () => Deno.connect({ hostname: "127.0.0.1", port }),
        ),
      );
      held.push(...batch);
      watching.push(...batch.map(watch));
    }
  } catch (error) {
    await end();
    throw error;
  }
  return { closed: () => closed, [Symbol.asyncDispose]: end };
}

/** Waits until `done()` holds, up to `seconds`; whether it did. */
async function until(done: () => boolean, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
}

/** That Claude refused the Bash call with the guard's reason (an HTTP hook's deny reads "<hook> hook error: <reason>"). */
function refused(run: AgentRun): void {
  const results = toolResults(run.requests);
  deepEqual(results.map((one) => one.error), [true], shown(run));
  ok(results[0]!.text.endsWith(DENIED), shown(run));
}

Deno.test({
  name: named(
    "Claude answered by hook-run serve (install claude --serve) is refused rm -r, also while 1 200 idle sockets hold the server's connection slots",
  ),
  ignore: missing !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await userHooks(ws, { PreToolUse: [GUARD] });
    const port = freePort();
    const out = await installClaude(ws, ["--serve", "--port", String(port)]);
    match(out, /moved +1 hook on PreToolUse/);
    const settings = JSON.parse((await ws.read("~/.claude/settings.json"))!);
    deepEqual(
      settings.hooks.PreToolUse.flatMap((group: { hooks: { type: string; url?: string }[] }) =>
        group.hooks.map((hook) => [hook.type, hook.url])
      ),
      [["http", `http://127.0.0.1:${port}/hooks/PreToolUse`]],
    );
    // Idle sockets are closed after --header-timeout (10 s by default): a longer one keeps the flood's sockets in
    // their slots for the whole run, however slow the machine, so the call can only get one by room made for it.
    await using server = await startServe(ws, port, ["--header-timeout", "120"]);

    const quiet = await claude(ws, model, { turns: RM_VICTIM });
    equal(quiet.code, 0, shown(quiet));
    deepEqual(quiet.files, { victim: true }, shown(quiet));
    refused(quiet);

    {
      await using sockets = await flood(port, FLOOD);
      // The server has taken its 256 and closed the rest to make room for newer ones: every slot holds an idle socket.
      ok(await until(() => sockets.closed() >= FLOOD - 256, 30), `${sockets.closed()} of ${FLOOD} closed`);
      match(server.stderr(), /256 connections open, the most --max-connections allows/);
      const before = sockets.closed();
      const flooded = await claude(ws, model, { turns: RM_VICTIM });
      equal(flooded.code, 0, shown(flooded));
      deepEqual(flooded.files, { victim: true }, shown(flooded));
      refused(flooded);
      const pre = hookResponses(flooded).filter((hook) => hook.hook_event === "PreToolUse");
      ok(pre.length > 0, shown(flooded, "Claude reported its PreToolUse hook"));
      // Each of Claude's calls took the slot of one idle socket, and the others kept theirs throughout.
      const made = sockets.closed() - before;
      ok(made >= 1 && made < 256, `${made} idle sockets closed for Claude's calls`);
    }

    // The control: with the server down, Claude's HTTP hook gets a refused connection — and runs the call.
    equal(await server.stop(), 0, server.stderr());
    const down = await claude(ws, model, { turns: RM_VICTIM });
    equal(down.code, 0, shown(down));
    deepEqual(down.files, { victim: false }, shown(down, "Claude read a refused connection as go ahead"));
  },
});
