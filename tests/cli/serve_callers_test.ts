// Who may call hook-run serve: with a token, only a caller that has it;
// and never a web page — no other content type than JSON, no Origin, and
// without a token no Host but loopback's (DNS rebinding). Real server
// processes, real requests (raw ones where fetch would not send the bytes).

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { exists, post, raw, serve, withConfig } from "./_serve.ts";

Deno.test("hook-run serve authenticates with a bearer token from --token-env, and refuses to bind beyond loopback without one", async (t) => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await t.step("another address without --token-env is refused at start", async () => {
      const run = await cli(["serve", "--host", "0.0.0.0", "--port", "0"], { cwd: dir, timeoutMs: 30_000 });
      equal(run.code, 1);
      match(run.stderr, /refusing to listen on "0\.0\.0\.0" without a token/);
    });
    await t.step("--token-env naming an unset variable is refused at start", async () => {
      const run = await cli(["serve", "--port", "0", "--token-env", "HOOKGATE_TOKEN"], { cwd: dir, timeoutMs: 30_000 });
      equal(run.code, 1);
      match(run.stderr, /\$HOOKGATE_TOKEN is not set or empty; refusing to start/);
    });
    await t.step("another address with a token, but without --allow-net for it, says which flag to add", async () => {
      const run = await cli(["serve", "--host", "0.0.0.0", "--port", "0", "--token-env", "HOOKGATE_TOKEN"], {
        cwd: dir,
        env: { HOOKGATE_TOKEN: "s3cret-token" },
        timeoutMs: 30_000,
        // Net narrowed to loopback, as a least-privilege launcher for the server grants it.
        flags: ["--allow-read", "--allow-env", "--allow-run", "--allow-net=127.0.0.1"],
      });
      equal(run.code, 1);
      match(run.stderr, /cannot listen on 0\.0\.0\.0:0: not allowed by --allow-net; add --allow-net=0\.0\.0\.0/);
    });
    await t.step(
      "with a token, a call without it or with another is 401 (a block on a blocking event), with it 200",
      async () => {
        const server = await serve(["--token-env", "HOOKGATE_TOKEN"], {
          cwd: dir,
          env: { HOOKGATE_TOKEN: "s3cret-token" },
        });
        try {
          match(
            server.stderr(),
            /every call must carry "Authorization: Bearer <token>" with the token from \$HOOKGATE_TOKEN/,
          );
          const event = { hook_event_name: "Stop", cwd: dir };
          const missing = await post(`${server.url}/hooks`, event);
          equal(missing.status, 401);
          match(JSON.parse(missing.text).error, /bearer token is required/);
          equal((await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret-tokeN" })).status, 401);
          equal((await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret" })).status, 401);
          equal((await post(`${server.url}/hooks`, event, { authorization: "Basic s3cret-token" })).status, 401);
          equal((await post(`${server.url}/nowhere`, event)).status, 401, "no route is shown without the token");
          // At a per-event URL of an event that can block, a wrong token is the block: an agent's typo fails closed.
          const refused = await post(`${server.url}/hooks/PreToolUse`, {
            hook_event_name: "PreToolUse",
            cwd: dir,
            tool_name: "Bash",
            tool_input: { command: "rm -rf /" },
          }, { authorization: "Bearer s3cret-tokeN" });
          equal(refused.status, 200);
          const answer = JSON.parse(refused.text).hookSpecificOutput;
          equal(answer.permissionDecision, "deny");
          match(answer.permissionDecisionReason, /bearer token is missing or wrong/);
          equal(
            (await post(`${server.url}/hooks/SessionEnd`, { hook_event_name: "SessionEnd", cwd: dir })).status,
            401,
          );
          deepEqual(await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret-token" }), {
            status: 200,
            text: "{}\n",
          });
          const health = await fetch(`${server.url}/healthz`);
          equal(health.status, 200, "load balancers probe /healthz without the token");
          await health.body?.cancel();
        } finally {
          equal((await server.stop()).code, 0);
        }
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run serve refuses what a web page can send: another content type, an Origin, another Host", async (t) => {
  // The hook leaves a mark: a refused call must not have run it.
  await withConfig({ PreToolUse: [{ command: "echo ran >> ran.txt; exit 0" }] }, async (dir, config) => {
    const body = JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} });
    const ran = join(dir, "ran.txt");
    const call = async (url: string, headers: string[], expected: number, pattern?: RegExp) => {
      const host = new URL(url).host;
      const lines = headers.some((line) => /^host:/i.test(line)) ? headers : [`host: ${host}`, ...headers];
      const answer = await raw(url, ["POST /hooks/PreToolUse HTTP/1.1", ...lines, "connection: close"], body);
      equal(answer.status, expected, `${headers.join(", ")}: ${answer.text}`);
      if (pattern) match(JSON.parse(answer.text).error, pattern);
      return answer;
    };
    const json = "content-type: application/json";
    await t.step("without a token", async () => {
      const server = await serve(["--config", config], { cwd: dir });
      const port = new URL(server.url).port;
      try {
        await call(server.url, ["content-type: text/plain"], 415, /application\/json/);
        await call(server.url, ["content-type: application/x-www-form-urlencoded"], 415);
        await call(server.url, [], 415);
        await call(server.url, [json, "origin: https://attacker.example"], 403, /Origin/);
        await call(server.url, [json, "origin: null"], 403);
        await call(server.url, [json, `host: attacker.example:${port}`], 421, /Host/);
        await call(server.url, [json, "host: attacker.example"], 421);
        await call(server.url, [json, `host: 127.0.0.2:${port}`], 421);
        equal(await exists(ran), false, "no refused call ran the hook");
        for (const host of [`127.0.0.1:${port}`, "127.0.0.1", `localhost:${port}`, "LocalHost", `[::1]:${port}`]) {
          deepEqual((await call(server.url, [json, `host: ${host}`], 200)).text, "{}\n");
        }
        await call(server.url, ["content-type: application/json; charset=utf-8"], 200);
        const health = await raw(server.url, [
          "GET /healthz HTTP/1.1",
          `host: 127.0.0.1:${port}`,
          "origin: https://a.example",
        ]);
        equal(health.status, 403, "a page cannot read /healthz either");
      } finally {
        equal((await server.stop()).code, 0);
      }
      equal((await Deno.readTextFile(ran)).split("\n").length - 1, 6, "each accepted call ran the hook once");
    });
    await t.step("with a token, the Host is the load balancer's; --allowed-host narrows it", async () => {
      const env = { HOOKGATE_TOKEN: "s3cret-token" };
      const bearer = "authorization: Bearer s3cret-token";
      const open = await serve(["--config", config, "--token-env", "HOOKGATE_TOKEN"], { cwd: dir, env });
      try {
        await call(open.url, [json, bearer, "host: hooks.internal.example"], 200);
        await call(open.url, [json, bearer, "origin: https://attacker.example"], 403);
        await call(open.url, ["content-type: text/plain", bearer], 415);
      } finally {
        equal((await open.stop()).code, 0);
      }
      const args = ["--config", config, "--token-env", "HOOKGATE_TOKEN", "--allowed-host", "hooks.internal.example"];
      const narrow = await serve(args, { cwd: dir, env });
      try {
        await call(narrow.url, [json, bearer, "host: hooks.internal.example"], 200);
        await call(narrow.url, [json, bearer, "host: Hooks.Internal.Example:443"], 200);
        await call(narrow.url, [json, bearer, "host: attacker.example"], 421);
        await call(narrow.url, [json, bearer], 200, undefined);
      } finally {
        equal((await narrow.stop()).code, 0);
      }
    });
  });
});
