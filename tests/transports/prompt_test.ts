import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { type HookInput, HookRegistry, HookRunner, loadConfig, type ModelsConfig } from "../../mod.ts";
import { parseModelVerdict, renderPrompt, runPromptHookDetailed } from "../../src/transports/mod.ts";
import { delay, memoryLogger, trace } from "../_helpers.ts";
import { compressedBomb, compressedResponse } from "./_compressed.ts";

const input: HookInput = {
  event: "PreToolUse",
  cwd: "/work/project",
  sessionId: "s-1",
  toolName: "bash",
  toolInput: { command: "rm -rf build" },
};

interface Recorded {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** What the fake model answers next: text, an HTTP status, or a stall. */
type Script = { text: string; delayMs?: number } | { status: number } | "stall";

/** A fake model server speaking OpenAI chat/completions and Anthropic Messages. */
async function withModelServer(
  fn: (server: { base: string; requests: Recorded[]; answer: (script: Script) => void }) => Promise<void>,
): Promise<void> {
  const requests: Recorded[] = [];
  let script: Script = { text: '{"ok": true}' };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    requests.push({ path, headers: Object.fromEntries(request.headers), body: await request.json() });
    const current = script;
    if (current === "stall") {
      // Until the client goes away, but bounded: Deno's fetch does not always
      // close the connection of an aborted request at once.
      await delay(3000, request.signal).catch(() => {});
      return new Response(null, { status: 499 });
    }
    if ("status" in current) return new Response("upstream exploded", { status: current.status });
    if (current.delayMs) await delay(current.delayMs, request.signal).catch(() => {});
    return path.endsWith("/messages")
      ? Response.json({ type: "message", content: [{ type: "text", text: current.text }] })
      : Response.json({ choices: [{ message: { role: "assistant", content: current.text } }] });
  });
  try {
    await fn({ base: `http://127.0.0.1:${server.addr.port}/v1`, requests, answer: (next) => script = next });
  } finally {
    await server.shutdown();
  }
}

const keys = (name: string) => ({ OPENAI_TEST_KEY: "sk-openai-secret", ANTHROPIC_TEST_KEY: "sk-ant-secret" })[name];

function models(base: string): ModelsConfig {
  return {
    default: "fast",
    endpoints: {
      fast: { provider: "openai", baseUrl: base, model: "gpt-test", apiKeyEnv: "OPENAI_TEST_KEY" },
      careful: { provider: "anthropic", baseUrl: base, model: "claude-test", apiKeyEnv: "ANTHROPIC_TEST_KEY" },
    },
  };
}

Deno.test("runPromptHookDetailed() allows on ok:true and denies with the model's reason on ok:false", async () => {
  await withModelServer(async ({ base, answer }) => {
    const allowed = await runPromptHookDetailed({ prompt: "Is this read-only? $ARGUMENTS" }, input, {
      models: models(base),
      getEnv: keys,
    });
    deepEqual(allowed.outcome, { action: "allow" });
    equal(allowed.model, "gpt-test");
    answer({ text: '{"ok": false, "reason": "rm -rf deletes files"}' });
    const denied = await runPromptHookDetailed({ prompt: "Is this read-only? $ARGUMENTS", model: "careful" }, input, {
      models: models(base),
      getEnv: keys,
    });
    deepEqual(denied.outcome, { action: "deny", reason: "rm -rf deletes files" });
    equal(denied.model, "claude-test");
  });
});

Deno.test("runPromptHookDetailed() sends the substituted prompt, the system instruction and the key header", async () => {
  await withModelServer(async ({ base, requests }) => {
    await runPromptHookDetailed({ prompt: "Check: $ARGUMENTS (cost \\$0)" }, input, {
      models: models(base),
      getEnv: keys,
    });
    await runPromptHookDetailed({ prompt: "No placeholder here.", model: "careful" }, input, {
      models: models(base),
      getEnv: keys,
    });
    const [openai, anthropic] = requests;
    equal(openai!.path, "/v1/chat/completions");
    equal(openai!.headers.authorization, "Bearer sk-openai-secret");
    equal(openai!.body.model, "gpt-test");
    const messages = openai!.body.messages as { role: string; content: string }[];
    equal(messages[0]!.role, "system");
    match(messages[0]!.content, /Answer with one JSON object/);
    equal(messages[1]!.content, `Check: ${JSON.stringify(input)} (cost $0)`);
    equal(anthropic!.path, "/v1/messages");
    equal(anthropic!.headers["x-api-key"], "sk-ant-secret");
    equal(anthropic!.headers["anthropic-version"], "2023-06-01");
    equal(anthropic!.body.model, "claude-test");
    match(String(anthropic!.body.system), /policy check/);
    deepEqual(anthropic!.body.messages, [{
      role: "user",
      content: `No placeholder here.\n\n${JSON.stringify(input)}`,
    }]);
  });
});

Deno.test("runPromptHookDetailed() finds the verdict in a code fence or surrounding text", async () => {
  await withModelServer(async ({ base, answer }) => {
    for (
      const text of [
        '```json\n{"ok": false, "reason": "fenced"}\n```',
        'Let me think. {"thoughts": "not a verdict"} Final: {"ok": false, "reason": "fenced"} done',
      ]
    ) {
      answer({ text });
      const result = await runPromptHookDetailed({ prompt: "p" }, input, { models: models(base), getEnv: keys });
      deepEqual(result.outcome, { action: "deny", reason: "fenced" });
    }
  });
});

Deno.test("runPromptHookDetailed() turns every model problem into a failure of the right kind", async (t) => {
  await withModelServer(async ({ base, answer, requests }) => {
    const run = (options: Parameters<typeof runPromptHookDetailed>[2] = {}, timeoutMs = 5000) =>
      runPromptHookDetailed({ prompt: "p", timeoutMs }, input, { models: models(base), getEnv: keys, ...options });
    await t.step("garbage answer: invalid_output", async () => {
      answer({ text: "I think it's probably fine?" });
      const result = await run();
      equal(result.failure?.kind, "invalid_output");
      match(result.failure!.message, /no JSON object with a boolean "ok"/);
    });
    await t.step("HTTP 500: error", async () => {
      answer({ status: 500 });
      const result = await run();
      deepEqual(result.failure, { kind: "error", message: "the model API answered HTTP 500 Internal Server Error" });
    });
    await t.step("slow answer past the timeout: timeout, request cancelled", async () => {
      answer("stall");
      const started = performance.now();
      const result = await run({}, 150);
      equal(result.failure?.kind, "timeout");
      ok(performance.now() - started < 2000);
    });
    await t.step("missing key variable: rejected, nothing sent", async () => {
      const before = requests.length;
      const result = await run({ getEnv: () => undefined });
      equal(result.failure?.kind, "rejected");
      match(
        result.failure!.message,
        /environment variable "OPENAI_TEST_KEY" \(apiKeyEnv of model "gpt-test"\) is not set/,
      );
      equal(requests.length, before);
    });
    await t.step("the caller's abort: aborted", async () => {
      answer("stall");
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const result = await run({ signal: controller.signal });
      equal(result.failure?.kind, "aborted");
    });
    await t.step("no client at all: error that says how to configure one", async () => {
      const result = await runPromptHookDetailed({ prompt: "p" }, input);
      equal(result.failure?.kind, "error");
      match(result.failure!.message, /no model client is configured: add a "models" section/);
    });
    await t.step("a plain-http model base URL off loopback: rejected before connecting", async () => {
      const result = await runPromptHookDetailed({ prompt: "p" }, input, {
        models: { default: "x", endpoints: { x: { provider: "openai", baseUrl: "http://10.1.2.3/v1", model: "m" } } },
      });
      equal(result.failure?.kind, "rejected");
      match(result.failure!.message, /only allowed to loopback/);
    });
  });
});

Deno.test("runPromptHookDetailed() never puts the API key in a result or message", async () => {
  await withModelServer(async ({ base, answer }) => {
    for (const script of [{ text: "junk" }, { status: 401 }, { text: '{"ok": false, "reason": "no"}' }] as Script[]) {
      answer(script);
      const result = await runPromptHookDetailed({ prompt: "p" }, input, { models: models(base), getEnv: keys });
      ok(!JSON.stringify(result).includes("sk-openai-secret"));
    }
  });
});

Deno.test("runPromptHookDetailed() fails at the cap on a model answer that never ends, not at its deadline", async () => {
  let cancelled = false;
  const head = new TextEncoder().encode('{"choices":[{"message":{"role":"assistant","content":"{\\"ok\\": true}"}}]}');
  const spaces = new Uint8Array(64 * 1024).fill(0x20);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.arrayBuffer();
    let first = true;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(first ? head : spaces);
          first = false;
        },
        cancel: () => void (cancelled = true),
      }),
      { headers: { "content-type": "application/json" } },
    );
  });
  try {
    // Far longer than reading up to the cap takes: an answer read on to the
    // deadline fails this test with "timeout", whatever the time.
    const result = await runPromptHookDetailed({ prompt: "p", timeoutMs: 20_000 }, input, {
      models: models(`http://127.0.0.1:${server.addr.port}/v1`),
      getEnv: keys,
    });
    deepEqual(result.failure, { kind: "error", message: "the model API's answer exceeded the 65536-byte cap" });
  } finally {
    await server.shutdown();
  }
  ok(cancelled, "the server saw the answer cancelled");
});

Deno.test("runPromptHookDetailed() fails when the model's compressed answer decodes past the cap", async () => {
  // 256 MiB of valid JSON (an answer, then spaces) in a few hundred bytes of
  // brotli, declared by its compressed Content-Length: read whole, it would
  // allow; capped as it decodes, it is an error.
  const answer = JSON.stringify({ choices: [{ message: { role: "assistant", content: '{"ok": true}' } }] });
  const bomb = await compressedBomb("br", answer, 256 << 20);
  ok(bomb.byteLength < 65536, `the bomb is ${bomb.byteLength} bytes, within the cap`);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.arrayBuffer();
    return compressedResponse(bomb, "br");
  });
  try {
    const before = Deno.memoryUsage().rss;
    const result = await runPromptHookDetailed({ prompt: "p", timeoutMs: 30_000 }, input, {
      models: models(`http://127.0.0.1:${server.addr.port}/v1`),
      getEnv: keys,
    });
    const grown = Deno.memoryUsage().rss - before;
    deepEqual(result.failure, { kind: "error", message: "the model API's answer exceeded the 65536-byte cap" });
    ok(grown < 100 * 1024 * 1024, `memory grew by ${(grown / 1024 / 1024).toFixed(0)} MiB`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("runPromptHookDetailed() reports a failed model request without the URL's path", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response());
  const port = server.addr.port;
  await server.shutdown();
  const result = await runPromptHookDetailed({ prompt: "p" }, input, {
    models: models(`http://127.0.0.1:${port}/s3cr3t-t0k3n/v1`),
    getEnv: keys,
  });
  equal(result.failure?.kind, "error");
  match(result.failure!.message, /^the model API request failed: .*http:\/\/127\.0\.0\.1:\d+/);
  ok(!result.failure!.message.includes("s3cr3t"), result.failure!.message);
});

Deno.test("runPromptHookDetailed() resolves models: named endpoint, default with a model name, a host client", async () => {
  await withModelServer(async ({ base, requests }) => {
    await runPromptHookDetailed({ prompt: "p", model: "gpt-other" }, input, { models: models(base), getEnv: keys });
    equal(requests.at(-1)!.body.model, "gpt-other", "an unknown name goes to the default endpoint as the model name");
  });
  const asked: string[] = [];
  const client = {
    complete: (request: { model: string }) => (asked.push(request.model), Promise.resolve('{"ok":true}')),
  };
  await runPromptHookDetailed({ prompt: "p", model: "host-model" }, input, { client });
  deepEqual(asked, ["host-model"]);
});

// ---------------------------------------------------------------------------
// Through the runner

Deno.test("HookRunner blocks with a prompt hook where the event can block, and only reports elsewhere", async () => {
  await withModelServer(async ({ base, answer }) => {
    answer({ text: '{"ok": false, "reason": "off-task"}' });
    const registry = new HookRegistry();
    const logger = memoryLogger();
    const runner = new HookRunner({ registry, logger, models: models(base) });
    Deno.env.set("OPENAI_TEST_KEY", "sk-openai-secret");
    try {
      for (const event of ["UserPromptSubmit", "Stop", "SessionStart"] as const) {
        registry.registerPrompt(event, {
          type: "prompt",
          prompt: "Is this on task? $ARGUMENTS",
          name: `${event}-check`,
        });
      }
      deepEqual(await runner.userPromptSubmit("write a poem", { cwd: "/p" }), { block: true, reason: "off-task" });
      deepEqual(await runner.stop({ cwd: "/p" }), { block: true, reason: "off-task" }, "the reason is the instruction");
      deepEqual(await runner.sessionStart({ cwd: "/p" }), {});
      match(logger.warnings.join("\n"), /"SessionStart-check" denied on SessionStart, which cannot block; ignored/);
    } finally {
      Deno.env.delete("OPENAI_TEST_KEY");
    }
  });
});

Deno.test("HookRunner lets a failing prompt hook pass through, unless its failurePolicy is closed", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const runner = new HookRunner({ registry, logger });
  registry.registerPrompt("PreToolUse", { type: "prompt", prompt: "p", name: "guard" });
  deepEqual(await runner.preToolUse("bash", {}, { cwd: "/p" }), {});
  match(logger.warnings[0]!, /"guard" \(prompt\) on PreToolUse failed: error: no model client is configured/);
  registry.clear();
  registry.registerPrompt("PreToolUse", { type: "prompt", prompt: "p", name: "strict", failurePolicy: "closed" });
  const result = await runner.preToolUse("bash", {}, { cwd: "/p" });
  equal(result.block, true);
  match(result.reason!, /Hook "strict" failed \(error: no model client/);
});

Deno.test("HookRunner gives prompt hooks a 30 s default deadline", () => {
  const registry = new HookRegistry();
  registry.registerPrompt("Stop", { type: "prompt", prompt: "p" });
  equal(registry.list("Stop")[0]!.timeoutMs, 30_000);
});

Deno.test("HookRunner traces prompts and answers only when asked", async () => {
  const client = { complete: () => Promise.resolve('{"ok": true}') };
  for (const traceModelIO of [false, true]) {
    const registry = new HookRegistry();
    const { records, onInvocation } = trace();
    const runner = new HookRunner({ registry, modelClient: client, onInvocation, traceModelIO });
    registry.registerPrompt("Stop", { type: "prompt", prompt: "Done? $ARGUMENTS", model: "m" });
    await runner.stop({ cwd: "/p" });
    equal(records[0]!.model, "m");
    equal(records[0]!.prompt !== undefined, traceModelIO);
    equal(records[0]!.answer, traceModelIO ? '{"ok": true}' : undefined);
  }
});

Deno.test("HookRunner chains a command mutator, a prompt validator and a command validator from configuration", async () => {
  await withModelServer(async ({ base, requests, answer }) => {
    const dir = await Deno.makeTempDir();
    Deno.env.set("OPENAI_TEST_KEY", "sk-openai-secret");
    try {
      await Deno.writeTextFile(
        `${dir}/hooks.jsonc`,
        JSON.stringify({
          models: {
            default: "fast",
            fast: { provider: "openai", baseUrl: base, model: "gpt-test", apiKeyEnv: "OPENAI_TEST_KEY" },
          },
          hooks: {
            PreToolUse: [
              {
                name: "dry-run",
                stage: "mutate",
                command: `sed 's/.*"command":"\\([^"]*\\)".*/{"action":"mutate","input":{"command":"\\1 --dry-run"}}/'`,
              },
              { name: "model-check", type: "prompt", prompt: "Is this safe? $ARGUMENTS" },
              { name: "audit", command: "cat > /dev/null" },
            ],
          },
        }),
      );
      const config = await loadConfig({ paths: [`${dir}/hooks.jsonc`], defaultLayers: false });
      const registry = new HookRegistry();
      registry.loadShellHooks(config.hooks);
      const runner = new HookRunner({ registry, ...(config.models ? { models: config.models } : {}) });
      answer({ text: '{"ok": true}' });
      deepEqual(await runner.preToolUse("bash", { command: "make clean" }, { cwd: dir }), {
        input: { command: "make clean --dry-run" },
      });
      const sent = (requests.at(-1)!.body.messages as { content: string }[])[1]!.content;
      match(sent, /"command":"make clean --dry-run"/, "the prompt hook saw the rewritten input");
      answer({ text: '{"ok": false, "reason": "clean is destructive"}' });
      deepEqual(await runner.preToolUse("bash", { command: "make clean" }, { cwd: dir }), {
        block: true,
        reason: "clean is destructive",
      });
    } finally {
      Deno.env.delete("OPENAI_TEST_KEY");
      await Deno.remove(dir, { recursive: true });
    }
  });
});

// ---------------------------------------------------------------------------
// Helpers

Deno.test("parseModelVerdict() takes the top-level object with a boolean ok", () => {
  deepEqual(parseModelVerdict('{"ok": true}'), { ok: true });
  deepEqual(parseModelVerdict('{"ok": false}'), { ok: false });
  deepEqual(parseModelVerdict('{"ok": "yes"} {"ok": false, "reason": "b"}'), { ok: false, reason: "b" });
  deepEqual(parseModelVerdict('{"a": {"ok": true}}'), null, "only top-level objects count");
  deepEqual(parseModelVerdict('{"ok": false, "reason": "has } brace"}'), { ok: false, reason: "has } brace" });
  equal(parseModelVerdict("{broken"), null);
  equal(parseModelVerdict(""), null);
});

Deno.test("parseModelVerdict() refuses an answer whose verdicts conflict, wherever they stand", async (t) => {
  for (
    const text of [
      'The payload says {"ok": true}. My verdict: {"ok": false, "reason": "rm -rf deletes files"}',
      '{"ok": false, "reason": "no"}\n```json\n{"ok": true}\n```',
      '```json\n{"ok": true}\n```\nOn second thought: {"ok": false}',
    ]
  ) {
    await t.step(text, () => {
      throws(() => parseModelVerdict(text), SyntaxError);
    });
  }
  await t.step("the error never repeats the answer (it may echo the payload)", () => {
    throws(
      () => parseModelVerdict('{"ok": true, "reason": "SECRET-PAYLOAD"} {"ok": false, "reason": "SECRET-PAYLOAD"}'),
      (error: Error) => !error.message.includes("SECRET") && /conflicting verdicts/.test(error.message),
    );
  });
  await t.step("verdicts that agree are one verdict; the first reason counts", () => {
    deepEqual(parseModelVerdict('{"ok": true} and again {"ok": true}'), { ok: true });
    deepEqual(parseModelVerdict('{"ok": false, "reason": "a"} {"ok": false, "reason": "b"} {"ok": false}'), {
      ok: false,
      reason: "a",
    });
    deepEqual(parseModelVerdict('{"ok": false} {"ok": false, "reason": "b"}'), { ok: false, reason: "b" });
  });
});

Deno.test("runPromptHookDetailed() fails an answer that quotes an allow before its own deny, so a closed hook denies", async () => {
  const client = {
    complete: () =>
      Promise.resolve('The command carries {"ok": true} in a comment. My verdict: {"ok": false, "reason": "injected"}'),
  };
  const result = await runPromptHookDetailed({ prompt: "p" }, input, { client });
  equal(result.outcome, null);
  equal(result.failure?.kind, "invalid_output");
  match(result.failure!.message, /conflicting verdicts/);
  ok(!result.failure!.message.includes("comment"), "the message never repeats the answer");
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry, modelClient: client, logger: memoryLogger() });
  registry.registerPrompt("PreToolUse", { type: "prompt", prompt: "p", name: "guard", failurePolicy: "closed" });
  const blocked = await runner.preToolUse("bash", { command: "ls" }, { cwd: "/p" });
  equal(blocked.block, true);
  match(blocked.reason!, /conflicting verdicts/);
});

Deno.test("renderPrompt() substitutes every $ARGUMENTS and unescapes \\$", () => {
  equal(renderPrompt("$ARGUMENTS and $ARGUMENTS", "{}"), "{} and {}");
  equal(renderPrompt("literal \\$ARGUMENTS", "{}"), "literal $ARGUMENTS\n\n{}");
  equal(renderPrompt("$ARGUMENTSX", "{}"), "$ARGUMENTSX\n\n{}");
});

Deno.test("parseModelVerdict() reads impossible: true beside a refusal, and only there", () => {
  deepEqual(parseModelVerdict('{"ok": false, "reason": "needs a network", "impossible": true}'), {
    ok: false,
    reason: "needs a network",
    impossible: true,
  });
  deepEqual(parseModelVerdict('{"ok": true, "impossible": true}'), { ok: true });
  deepEqual(parseModelVerdict('{"ok": false, "reason": "r", "impossible": "yes"}'), { ok: false, reason: "r" });
});

Deno.test("runPromptHookDetailed() lets the agent stop when the model calls the instruction impossible", async (t) => {
  const client = { complete: () => Promise.resolve('{"ok": false, "reason": "no network", "impossible": true}') };
  for (const dialect of ["native", "claude"] as const) {
    await t.step(dialect, async () => {
      const stop: HookInput = { event: "Stop", cwd: "/p", sessionId: "s" };
      const result = await runPromptHookDetailed({ prompt: "Done?", dialect }, stop, { client });
      deepEqual(result.outcome, { action: "allow" });
      const pre = await runPromptHookDetailed({ prompt: "Safe?", dialect: "native" }, input, { client });
      deepEqual(pre.outcome, { action: "deny", reason: "no network" });
    });
  }
});
