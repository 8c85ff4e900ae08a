// The HTTP transport's cost over a bare fetch to the same loopback server.

import { HookRegistry, HookRunner } from "../mod.ts";

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  async (request) => {
    await request.arrayBuffer();
    return new Response('{"action":"allow"}', {
      headers: { "content-type": "application/json" },
    });
  },
);
const url = `http://127.0.0.1:${server.addr.port}/hook`;
const env = { cwd: Deno.cwd() };
const toolInput = { command: "ls -la", description: "list files" };
const body = JSON.stringify({
  event: "PreToolUse",
  cwd: env.cwd,
  sessionId: "bench",
  toolName: "bash",
  toolInput,
});

const registry = new HookRegistry();
registry.registerHttp("PreToolUse", { type: "http", url });
const runner = new HookRunner({ registry, sessionId: () => "bench" });

Deno.bench("http: bare fetch", { group: "http", baseline: true }, async () => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  JSON.parse(await response.text());
});
Deno.bench(
  "http: hookgate runner, one HTTP hook",
  { group: "http" },
  async () => {
    await runner.preToolUse("bash", toolInput, env);
  },
);
