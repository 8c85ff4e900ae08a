// hook-run serve's bounds, over real sockets: how long a client may take to
// send its headers and its body, how many connections it holds, what the
// bodies in flight may hold, and a server that runs out of descriptors.
// Every wait has a bound, so a server that holds a connection forever
// fails the test instead of hanging it.

import { deepEqual, equal, match, notEqual } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { join } from "node:path";
import {
  alive,
  connect,
  eventually,
  post,
  type RawResponse,
  readResponse,
  residentBytes,
  serve,
  withConfig,
  write,
} from "./_serve.ts";
import { delay } from "../_helpers.ts";

const MIB = 1024 * 1024;
const JSON_TYPE = "content-type: application/json";

/** A request's head for `path` on `url`'s server, with `lines` added. */
function head(url: string, path: string, ...lines: string[]): string {
  return [`POST ${path} HTTP/1.1`, `host: ${new URL(url).host}`, JSON_TYPE, ...lines, "", ""].join("\r\n");
}

const pre = (cwd: string) => ({ hook_event_name: "PreToolUse", cwd, tool_name: "Bash", tool_input: {} });

Deno.test("hook-run serve --help lists its bounds and their defaults", async () => {
  const { code, stdout } = await cli(["serve", "--help"], { timeoutMs: 30_000 });
  equal(code, 0);
  // Each option with the lines that follow it, up to the next.
  const options = stdout.split(/\n(?= {2}--)/);
  for (const flag of ["--header-timeout", "--body-timeout", "--max-connections", "--body-memory", "--allowed-host"]) {
    const option = options.find((text) => text.startsWith(`  ${flag} `));
    match(option ?? "", /\(repeatable; default: none\)|\(default \d+\)/, flag);
  }
});

Deno.test("hook-run serve disconnects a client that stalls in its headers after --header-timeout", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config, "--header-timeout", "1"], { cwd: dir });
    const half = await connect(server.url);
    const idle = await connect(server.url);
    try {
      await write(half, `POST /hooks/PreToolUse HTTP/1.1\r\nhost: ${new URL(server.url).host}\r\n`);
      equal(await readResponse(half), null, "half a request's headers: disconnected");
      equal(await readResponse(idle), null, "a connection that sends nothing: disconnected");
      deepEqual(await post(`${server.url}/hooks/PreToolUse`, pre(dir)), { status: 200, text: "{}\n" });
    } finally {
      half.close();
      idle.close();
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve answers a body that stalls after --body-timeout, with the block where the event can block", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config, "--body-timeout", "1"], { cwd: dir });
    const stalled = await connect(server.url);
    const named = await connect(server.url);
    try {
      await write(stalled, head(server.url, "/hooks/PreToolUse", "content-length: 100") + "{");
      const answer = await readResponse(stalled);
      notEqual(answer, null);
      notEqual(answer, "open");
      const { status, text } = answer as { status: number; text: string };
      equal(status, 200);
      match(
        JSON.parse(text).hookSpecificOutput.permissionDecisionReason,
        /^hookgate could not answer this PreToolUse call: the body did not arrive within 1 s/,
      );
      // The event named at the start of a chunked body that stalls.
      const start = `{"hook_event_name":"Stop"`;
      await write(
        named,
        head(server.url, "/hooks", "transfer-encoding: chunked") + `${start.length.toString(16)}\r\n${start}`,
      );
      const stop = await readResponse(named) as { status: number; text: string };
      equal(stop.status, 200);
      equal(JSON.parse(stop.text).decision, "block");
      match(server.stderr(), /hook-run serve: PreToolUse: the body did not arrive within 1 s/);
    } finally {
      stalled.close();
      named.close();
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve makes connections past --max-connections wait, and answers them", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config, "--max-connections", "2", "--header-timeout", "1"], { cwd: dir });
    const held: Deno.Conn[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const conn = await connect(server.url);
        held.push(conn);
        await write(conn, `POST /hooks HTTP/1.1\r\n`);
      }
      // Queued behind the ten, each held until its header timeout.
      deepEqual(await post(`${server.url}/hooks/PreToolUse`, pre(dir)), { status: 200, text: "{}\n" });
      match(server.stderr(), /2 connections open, the most --max-connections allows: new ones wait/);
      equal(await alive(server.pid), true);
    } finally {
      for (const conn of held) conn.close();
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve keeps answering when it runs out of descriptors, on open and on new connections", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config, "--max-connections", "10000"], { cwd: dir, descriptors: 64 });
    const kept = await connect(server.url);
    const held: Deno.Conn[] = [];
    const body = JSON.stringify(pre(dir));
    const request = head(server.url, "/hooks/PreToolUse", `content-length: ${body.length}`) + body;
    try {
      await write(kept, request);
      equal((await readResponse(kept) as { status: number }).status, 200);
      for (let i = 0; i < 100; i++) held.push(await connect(server.url));
      await eventually(() => /too many open files/i.test(server.stderr()), "the server to run out of descriptors");
      await write(kept, request);
      const again = await readResponse(kept);
      equal((again as { status: number }).status, 200, "the open connection is still answered");
      for (const conn of held.splice(0)) conn.close();
      await eventually(async () => {
        const conn = await connect(server.url);
        try {
          await write(conn, request);
          const answer = await readResponse(conn, 5_000);
          return typeof answer === "object" && answer?.status === 200;
        } finally {
          conn.close();
        }
      }, "a new connection to be answered");
      equal(await alive(server.pid), true);
    } finally {
      kept.close();
      for (const conn of held) conn.close();
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve holds a body sent in 1-byte chunks in about its size, not 64 KiB a byte", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    const conn = await connect(server.url);
    try {
      await post(`${server.url}/hooks/PreToolUse`, pre(dir));
      const before = await residentBytes(server.pid);
      const text = JSON.stringify({ ...pre(dir), tool_input: { c: "x".repeat(5_000) } });
      await write(conn, head(server.url, "/hooks/PreToolUse", "transfer-encoding: chunked"));
      await write(conn, [...text].map((char) => `1\r\n${char}\r\n`).join(""));
      // Not finished: what the server holds now is what it keeps per chunk.
      await delay(1_000);
      const during = await residentBytes(server.pid);
      await write(conn, "0\r\n\r\n");
      equal((await readResponse(conn) as { status: number }).status, 200);
      equal(during - before < 64 * MIB, true, `grew by ${Math.round((during - before) / MIB)} MiB for 5 KB`);
    } finally {
      conn.close();
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve bounds what all bodies in flight hold: past --body-memory a blocking event is blocked", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config, "--body-memory", "16"], { cwd: dir });
    const first = await connect(server.url);
    const second = await connect(server.url);
    const prefix = `{"hook_event_name":"PreToolUse","cwd":${
      JSON.stringify(dir)
    },"tool_name":"Bash","tool_input":{"c":"`;
    const body = prefix + "x".repeat(12 * MIB - prefix.length - 3) + '"}}';
    try {
      // Twelve of the sixteen MiB, held: all but the last byte is sent.
      await write(first, head(server.url, "/hooks/PreToolUse", `content-length: ${body.length}`) + body.slice(0, -1));
      await delay(500);
      await write(second, head(server.url, "/hooks/PreToolUse", `content-length: ${body.length}`) + prefix);
      const refused = await readResponse(second) as { status: number; text: string };
      equal(refused.status, 200, "a block, never a 503");
      match(JSON.parse(refused.text).hookSpecificOutput.permissionDecisionReason, /--body-memory/);
      // A small call still fits: a body's first 64 KiB never waits on the others.
      deepEqual(await post(`${server.url}/hooks/PreToolUse`, pre(dir)), { status: 200, text: "{}\n" });
      await write(first, body.slice(-1));
      const answered = await readResponse(first) as { status: number; text: string };
      deepEqual([answered.status, answered.text], [200, "{}\n"], "the first body, whole, is answered");
    } finally {
      first.close();
      second.close();
      equal((await server.stop()).code, 0);
    }
  });
});

/**
 * The test process's own limit on open descriptors (its soft `ulimit -n`),
 * as a shell it starts inherits it (Deno reads /proc/self only with
 * --allow-all); `Infinity` when none can be read.
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

/** Why the test process cannot hold `count` sockets (its soft limit, which a Deno process cannot raise itself), if it cannot. */
function tooFewDescriptors(count: number): string | undefined {
  const limit = descriptorLimit();
  return limit >= count + 256
    ? undefined
    : `the test process may open ${limit} descriptors, ${count + 256} are needed; run it under "ulimit -n ${
      count + 512
    }"`;
}

/** Opens `count` connections to the server at `url`, each sending `first` (nothing when empty), 50 at a time. */
async function flood(url: string, count: number, first: string): Promise<Deno.TcpConn[]> {
  const held: Deno.TcpConn[] = [];
  try {
    while (held.length < count) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - held.length) }, () => connect(url)),
      );
      held.push(...batch);
      if (first !== "") await Promise.all(batch.map((conn) => write(conn, first)));
    }
  } catch (error) {
    for (const conn of held) conn.close();
    throw error;
  }
  return held;
}

/** A PreToolUse call for `dir` over fetch, aborted after 10 s: the answer's status and text. */
async function guardedCall(url: string, dir: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/hooks/PreToolUse`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...pre(dir), tool_input: { command: "rm -rf /" } }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text() };
}

/** A native PreToolUse hook that denies every call: its answer is what a call that got through gets. */
const DENY_ALL = { PreToolUse: [{ command: "echo 'no shell today' >&2; exit 2" }] };

for (
  const [what, count, first] of [
    ["1 200 idle connections (no bytes sent)", 1200, ""],
    ["768 connections that sent half a request's head", 768, "POST /hooks/PreToolUse HTTP/1.1\r\nhost: x\r\n"],
  ] as const
) {
  const missing = tooFewDescriptors(count);
  Deno.test({
    name: `hook-run serve answers a real call while ${what} hold every --max-connections slot` +
      (missing === undefined ? "" : ` (ignored: ${missing})`),
    ignore: missing !== undefined,
    async fn() {
      await withConfig(DENY_ALL, async (dir, config) => {
        const server = await serve(["--config", config], { cwd: dir });
        let held: Deno.TcpConn[] = [];
        try {
          held = await flood(server.url, count, first);
          // The default cap is 256 and the header timeout 10 s: the call
          // must not wait behind the flood for its slot.
          const answer = await guardedCall(server.url, dir);
          equal(answer.status, 200);
          equal(JSON.parse(answer.text).hookSpecificOutput.permissionDecision, "deny");
          match(server.stderr(), /256 connections open, the most --max-connections allows/);
          equal(await alive(server.pid), true);
        } finally {
          for (const conn of held) conn.close();
          equal((await server.stop()).code, 0);
        }
      });
    },
  });
}

Deno.test("hook-run serve never closes a connection whose request is being answered to make room, nor a kept-alive one before idle ones", async () => {
  // A call whose input says "hold" waits for a file before it is denied.
  const held = `if grep -q hold; then while [ ! -e release ]; do sleep 0.05; done; fi; echo no >&2; exit 2`;
  await withConfig({ PreToolUse: [{ command: held, timeoutMs: 60_000 }] }, async (dir, config) => {
    const server = await serve(["--config", config, "--max-connections", "3"], { cwd: dir });
    const kept = await connect(server.url);
    let idle: Deno.TcpConn[] = [];
    const body = JSON.stringify(pre(dir));
    const request = head(server.url, "/hooks/PreToolUse", `content-length: ${body.length}`) + body;
    const holding = fetch(`${server.url}/hooks/PreToolUse`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...pre(dir), tool_input: { command: "hold" } }),
      signal: AbortSignal.timeout(30_000),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
    try {
      await write(kept, request);
      const first = await readResponse(kept) as RawResponse;
      equal(first.status, 200);
      match(first.headers.get("keep-alive") ?? "", /timeout=/);
      idle = await flood(server.url, 20, "");
      // The holding call and the kept-alive connection take two of the three slots: the idle ones share the third.
      const answer = await guardedCall(server.url, dir);
      equal(JSON.parse(answer.text).hookSpecificOutput.permissionDecision, "deny");
      await write(kept, request);
      const again = await readResponse(kept, 10_000);
      equal((again as RawResponse).status, 200, "the kept-alive connection was kept");
      await Deno.writeTextFile(join(dir, "release"), "");
      const released = await holding;
      equal(released.status, 200);
      equal(JSON.parse(released.text).hookSpecificOutput.permissionDecision, "deny");
    } finally {
      await Deno.writeTextFile(join(dir, "release"), "");
      await holding.catch(() => {});
      kept.close();
      for (const conn of idle) conn.close();
      equal((await server.stop()).code, 0);
    }
  });
});
