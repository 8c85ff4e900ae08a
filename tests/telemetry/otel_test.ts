// The runner's telemetry as an agent embedding the library gets it: a real
// child process under Deno's exporter (OTEL_DENO=true) sending OTLP/HTTP
// JSON to a real receiver on loopback, or with the agent's own provider.

import { deepEqual, equal, ok } from "node:assert/strict";
import { HookRegistry, HookRunner, telemetryActive } from "../../mod.ts";
import { otelEnv, startReceiver } from "./_otlp_receiver.ts";

const SECRET = "ghp_SECRETtoken0123456789abcdef";
const testdata = (name: string) => new URL(`../testdata/telemetry/${name}`, import.meta.url).pathname;

async function runLibrary(env: Record<string, string>, hookUrl: string): Promise<void> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-all", testdata("library_run.ts"), SECRET, hookUrl],
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...env },
    stdout: "null",
    stderr: "piped",
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
}

/** An HTTP hook endpoint that refuses with 503. */
function refusingEndpoint(): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.text();
    return new Response("unavailable", { status: 503 });
  });
}

Deno.test("HookRunner exports a span per run and per hook, and its metrics, to an OTLP receiver", async () => {
  await using receiver = startReceiver();
  await using endpoint = refusingEndpoint();
  await runLibrary(otelEnv(receiver), `http://127.0.0.1:${endpoint.addr.port}/hook`);
  const spans = receiver.spans();
  const byName = (name: string) => spans.find((span) => span.name === name)!;
  const pre = byName("hookgate PreToolUse");
  deepEqual(
    [pre.attributes["hookgate.decision"], pre.attributes["hookgate.hooks_run"], pre.attributes["session.id"]],
    ["block", 1, "session-lib"],
  );
  const guard = byName("hookgate.hook rm-guard");
  equal(guard.parentSpanId, pre.spanId);
  deepEqual(
    [guard.attributes["hookgate.hook.owner"], guard.attributes["hookgate.hook.outcome"]],
    ["policy-plugin", "deny"],
  );
  equal(byName("hookgate UserPromptSubmit").attributes["hookgate.context_added"], true);
  const post = byName("hookgate PostToolUse");
  equal(post.attributes["hookgate.hooks_run"], 3);
  const slow = byName("hookgate.hook slow");
  deepEqual(
    [slow.attributes["hookgate.hook.failure"], slow.attributes["error.type"], slow.attributes["hookgate.hook.killed"]],
    ["timeout", "timeout", true],
  );
  equal(slow.status.code, 2, "a failed hook's span has the error status");
  const http = byName("hookgate.hook audit-endpoint");
  deepEqual([http.attributes["http.response.status_code"], http.attributes["hookgate.hook.failure"]], [503, "error"]);
  equal(byName("hookgate.hook echo-context").attributes["process.exit.code"], 0);
  deepEqual(
    receiver.points("hookgate.decisions").map((p) =>
      `${p.attributes["hookgate.event"]}:${p.attributes["hookgate.decision"]}`
    )
      .sort(),
    ["PostToolUse:allow", "PreToolUse:block", "UserPromptSubmit:allow"],
  );
  deepEqual(
    receiver.points("hookgate.hook.failures").map((p) => p.attributes["hookgate.hook.failure"]).sort(),
    ["error", "timeout"],
  );
  deepEqual(receiver.points("hookgate.hooks.killed").map((p) => [p.attributes["hookgate.hook.transport"], p.value]), [
    ["command", 1],
  ]);
  deepEqual(
    receiver.points("hookgate.hook.duration").map((p) => p.attributes["hookgate.hook.transport"]).sort(),
    ["command", "http", "in-process"],
  );
  // In the tool input, the prompt, an HTTP hook's header and the hooks' output and reasons: none of it leaves.
  for (const sent of receiver.exports) equal(sent.text.includes(SECRET), false, `${sent.path} carries the secret`);
});

Deno.test("HookRunner puts content in spans only when HOOKGATE_OTEL_CONTENT=1 asks", async () => {
  await using receiver = startReceiver();
  await using endpoint = refusingEndpoint();
  await runLibrary({ ...otelEnv(receiver), HOOKGATE_OTEL_CONTENT: "1" }, `http://127.0.0.1:${endpoint.addr.port}/`);
  const pre = receiver.spans().find((span) => span.name === "hookgate PreToolUse")!;
  ok(String(pre.attributes["hookgate.tool.input"]).includes(SECRET));
  ok(String(pre.attributes["hookgate.reason"]).includes(SECRET));
});

Deno.test("HookRunner uses an embedding agent's own tracer provider, and sets nothing up without one", async (t) => {
  const child = async (...args: string[]) => {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--allow-all", testdata("own_provider.ts"), ...args],
      env: { OTEL_DENO: "false", NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    equal(code, 0, new TextDecoder().decode(stderr));
    return JSON.parse(new TextDecoder().decode(stdout)) as {
      active: boolean;
      spans: { name: string; attributes: Record<string, unknown>; parent: boolean }[];
    };
  };
  await t.step("its provider gets the spans", async () => {
    const { active, spans } = await child();
    equal(active, true);
    deepEqual(spans.map((span) => [span.name, span.parent]), [
      ["hookgate.hook keep-going", true],
      ["hookgate Stop", false],
    ]);
    equal(spans[1]!.attributes["hookgate.decision"], "block");
  });
  await t.step("without one, nothing", async () => {
    deepEqual(await child("none"), { active: false, spans: [] });
  });
});

Deno.test("HookRunner with telemetry off answers as before and registers nothing", async () => {
  equal(telemetryActive(), false);
  const registry = new HookRegistry();
  registry.registerInProcess("Stop", undefined, () => ({}));
  const runner = new HookRunner({ registry, telemetry: false });
  deepEqual(await runner.stop({ cwd: "/" }), {});
  equal((globalThis as Record<symbol, unknown>)[Symbol.for("opentelemetry.js.api.1")], undefined);
});
