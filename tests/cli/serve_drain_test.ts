// hook-run serve stopping behind a load balancer: on SIGTERM it refuses new
// connections, tells whoever still reaches /healthz that it is not ready,
// and answers every request that had begun to arrive before it exits.

import { deepEqual, equal, match, rejects } from "node:assert/strict";
import { join } from "node:path";
import { connect, eventually, exists, post, readResponse, serve, withConfig, write } from "./_serve.ts";
import { delay } from "../_helpers.ts";

Deno.test("hook-run serve on SIGTERM answers a request whose head had begun to arrive, and /healthz says it is not ready", async () => {
  // Holds its call until the test releases it, so the server is still draining while the test looks.
  const held = "echo started > started; while [ ! -f release ]; do sleep 0.05; done; echo held >&2; exit 2";
  await withConfig({ PreToolUse: [{ command: held, timeoutMs: 60_000 }] }, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    const conn = await connect(server.url);
    try {
      const call = post(`${server.url}/hooks/PreToolUse`, {
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: "Bash",
      })
        .catch((error: Error) => ({ status: 0, text: error.message }));
      await eventually(() => exists(join(dir, "started")), "the hook to start");
      // A health check whose head is half sent when the signal comes: the
      // server has read its first bytes, so it is a request, not an idle
      // connection to close. (The pause lets the server read them.)
      await write(conn, `GET /healthz HTTP/1.1\r\nhost: ${new URL(server.url).host}\r\n`);
      await delay(300);
      server.signal("SIGTERM");
      await eventually(() => server.stderr().includes("no longer accepting"), "the signal to be seen");
      await rejects(connect(server.url), Deno.errors.ConnectionRefused, "a new connection is refused");
      await write(conn, "\r\n");
      const health = await readResponse(conn, 10_000);
      if (health === null || health === "open") throw new Error(`no answer to the health check (${health})`);
      equal(health.status, 503);
      equal(health.headers.get("connection"), "close");
      const body = JSON.parse(health.text);
      deepEqual([body.ok, body.draining, body.inFlight], [false, true, 1]);
      await Deno.writeTextFile(join(dir, "release"), "");
      const answer = await call;
      equal(answer.status, 200, answer.text);
      equal(JSON.parse(answer.text).hookSpecificOutput.permissionDecision, "deny");
      const { code, stderr } = await server.exited;
      equal(code, 0, stderr);
      match(stderr, /hook-run serve: stopped\n$/);
    } finally {
      conn.close();
      await Deno.writeTextFile(join(dir, "release"), "");
      await server.stop();
    }
  });
});
