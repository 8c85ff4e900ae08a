import { deepEqual, equal, match, ok } from "node:assert/strict";
import { type HookInput, HookRegistry, HookRunner, type HttpHook, runHttpHookDetailed } from "../../mod.ts";
import { aborted, delay, memoryLogger, WIRE_OUTCOMES } from "../_helpers.ts";
import { compressedBomb, compressedResponse, paddedStream } from "./_compressed.ts";

const input: HookInput = {
  event: "PreToolUse",
  cwd: "/work/project",
  sessionId: "s-1",
  toolName: "bash",
  toolInput: { command: "ls" },
};

type Handler = (request: Request) => Response | Promise<Response>;

/** Runs `fn` against a real server on 127.0.0.1, then shuts it down. */
async function withServer(
  handler: Handler,
  fn: (base: string, hits: Request[]) => Promise<void>,
): Promise<void> {
  const hits: Request[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      hits.push(request);
      return handler(request);
    },
  );
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`, hits);
  } finally {
    await server.shutdown();
  }
}

function hook(url: string, extra: Partial<HttpHook> = {}): HttpHook {
  return { type: "http", url, ...extra };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

// ---------------------------------------------------------------------------
// Request and outcomes

Deno.test("runHttpHookDetailed() POSTs the payload as JSON", async () => {
  let received:
    | { method: string; type: string | null; body: unknown }
    | undefined;
  await withServer(async (request) => {
    received = {
      method: request.method,
      type: request.headers.get("content-type"),
      body: await request.json(),
    };
    return new Response(null, { status: 204 });
  }, async (base) => {
    const result = await runHttpHookDetailed(hook(`${base}/hook`), input);
    deepEqual(result.outcome, { action: "allow" });
    equal(result.status, 204);
  });
  deepEqual(received, {
    method: "POST",
    type: "application/json",
    body: input,
  });
});

Deno.test("runHttpHookDetailed() sends the Wuu dialect in snake_case", async () => {
  let body: Record<string, unknown> = {};
  await withServer(async (request) => {
    body = await request.json();
    return new Response("");
  }, async (base) => {
    await runHttpHookDetailed(hook(base, { dialect: "wuu" }), input);
  });
  equal(body.hook_event_name, "PreToolUse");
  equal(body.tool_name, "bash");
});

Deno.test("runHttpHookDetailed() reads each outcome kind from a 2xx body", async (t) => {
  const cases: [string, unknown][] = [...WIRE_OUTCOMES, ["", { action: "allow" }], ["  \n ", { action: "allow" }]];
  for (const [body, outcome] of cases) {
    await t.step(JSON.stringify(body), async () => {
      await withServer(() => new Response(body), async (base) => {
        const result = await runHttpHookDetailed(hook(base), input);
        deepEqual(result.outcome, outcome);
        equal(result.failure, undefined);
      });
    });
  }
  await t.step("204 No Content", async () => {
    await withServer(
      () => new Response(null, { status: 204 }),
      async (base) => {
        deepEqual((await runHttpHookDetailed(hook(base), input)).outcome, {
          action: "allow",
        });
      },
    );
  });
});

Deno.test("runHttpHookDetailed() treats a non-object 2xx body as invalid_output", async (t) => {
  for (
    const body of ["allow", "{broken", "[1]", '"deny"', '{"action":"deny"}']
  ) {
    await t.step(body, async () => {
      await withServer(() => new Response(body), async (base) => {
        const result = await runHttpHookDetailed(hook(base), input);
        equal(result.failure?.kind, "invalid_output");
        ok(!result.failure!.message.includes("allow\n"));
      });
    });
  }
});

Deno.test("runHttpHookDetailed() makes non-2xx a failure, never a block", async (t) => {
  await t.step("500 without a body", async () => {
    await withServer(
      () => new Response(null, { status: 500 }),
      async (base) => {
        const result = await runHttpHookDetailed(hook(base), input);
        deepEqual(result.failure, {
          kind: "error",
          message: "answered HTTP 500 Internal Server Error",
        });
        equal(result.status, 500);
      },
    );
  });
  await t.step("500 with a body (consumed, not echoed)", async () => {
    await withServer(
      () => json({ action: "deny", reason: "secret detail" }, 500),
      async (base) => {
        const result = await runHttpHookDetailed(hook(base), input);
        equal(result.failure?.kind, "error");
        ok(!result.failure!.message.includes("secret detail"));
      },
    );
  });
  await t.step("403 with a deny body still does not block", async () => {
    await withServer(
      () => json({ action: "deny", reason: "x" }, 403),
      async (base) => {
        equal((await runHttpHookDetailed(hook(base), input)).outcome, null);
      },
    );
  });
});

Deno.test("runHttpHookDetailed() never follows a redirect, and names its target", async () => {
  await withServer(
    () => new Response("should never be asked"),
    async (target, targetHits) => {
      await withServer(
        () => Response.redirect(`${target}/elsewhere`, 302),
        async (base) => {
          const result = await runHttpHookDetailed(hook(base), input);
          equal(result.failure?.kind, "error");
          match(
            result.failure!.message,
            /answered 302 redirecting to "http:\/\/127\.0\.0\.1:\d+" \(path and query not shown\); redirects/,
          );
          equal(targetHits.length, 0);
        },
      );
    },
  );
});

Deno.test("runHttpHookDetailed() never repeats a URL's path or query in a failure", async (t) => {
  const secret = /s3cr3t|t0k3n|hunter2/;
  const noSecret = (message: string) => ok(!secret.test(message), message);
  await t.step("refused before connecting", async () => {
    const cases: [string, RegExp, string[]?][] = [
      ["https://user:hunter2@policy.example/s3cr3t?token=t0k3n", /credentials in the URL/],
      ["http://policy.example/s3cr3t?token=t0k3n", /not "policy\.example"/],
      ["http://evil.localhost:8080/s3cr3t?token=t0k3n", /not "evil\.localhost"/],
      ["https://[::ffff:169.254.169.254]/s3cr3t?token=t0k3n", /"\[::ffff:a9fe:a9fe\]" is a link-local/],
      ["https://policy.example/s3cr3t?token=t0k3n", /"https:\/\/policy\.example" \(path and query not shown\)/, [
        "https://other.example/*",
      ]],
      ["http://[::1/s3cr3t?token=t0k3n", /not a valid absolute URL/],
    ];
    for (const [url, expected, allowedUrls] of cases) {
      const result = await runHttpHookDetailed(hook(url), input, allowedUrls ? { allowedUrls } : {});
      equal(result.failure?.kind, "rejected", url);
      match(result.failure!.message, expected, url);
      noSecret(result.failure!.message);
    }
  });
  await t.step("a redirect's Location, absolute or relative", async () => {
    for (
      const [location, shown] of [
        [
          "https://login.example/cb?token=t0k3n",
          /redirecting to "https:\/\/login\.example" \(path and query not shown\)/,
        ],
        ["/s3cr3t/next?token=t0k3n", /redirecting to "http:\/\/127\.0\.0\.1:\d+" \(path and query not shown\)/],
        ["http://[::1/s3cr3t", /redirecting to an invalid Location/],
      ] as const
    ) {
      await withServer(
        () => new Response(null, { status: 307, headers: { location } }),
        async (base) => {
          const result = await runHttpHookDetailed(hook(`${base}/s3cr3t?token=t0k3n`), input);
          equal(result.failure?.kind, "error");
          match(result.failure!.message, shown);
          noSecret(result.failure!.message);
        },
      );
    }
  });
  await t.step("a connection error", async () => {
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response());
    const port = server.addr.port;
    await server.shutdown();
    const result = await runHttpHookDetailed(hook(`http://127.0.0.1:${port}/s3cr3t(1)?token=t0k3n`), input);
    equal(result.failure?.kind, "error");
    match(result.failure!.message, /request failed/);
    noSecret(result.failure!.message);
  });
});

Deno.test("runHttpHookDetailed() reports connection errors as error", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(),
  );
  const url = `http://127.0.0.1:${server.addr.port}/`;
  await server.shutdown();
  const result = await runHttpHookDetailed(hook(url), input);
  equal(result.failure?.kind, "error");
  match(result.failure!.message, /request failed/);
});

// ---------------------------------------------------------------------------
// Deadlines, stalls, caps

Deno.test("runHttpHookDetailed() times out a server that never answers", async () => {
  await withServer(async (request) => {
    await aborted(request.signal);
    return new Response(null);
  }, async (base) => {
    const started = performance.now();
    const result = await runHttpHookDetailed(
      hook(base, { timeoutMs: 150 }),
      input,
    );
    const late = performance.now() - started - 150;
    equal(result.failure?.kind, "timeout");
    ok(late < 1000, `${late.toFixed(0)} ms late`);
  });
});

Deno.test("runHttpHookDetailed() times out a body that stalls after the headers", async () => {
  await withServer(() => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"action":'));
      },
      pull: () => new Promise<void>(() => {}),
    });
    return new Response(body);
  }, async (base) => {
    const result = await runHttpHookDetailed(
      hook(base, { timeoutMs: 150 }),
      input,
    );
    equal(result.failure?.kind, "timeout");
    equal(result.status, 200);
  });
});

/** A body of `prefix` followed by `size` bytes of spaces (`Infinity`: endless). */
function spaces(prefix: string, size: number, options: Parameters<typeof paddedStream>[2] = {}) {
  return paddedStream(new TextEncoder().encode(prefix), size, options);
}

Deno.test("runHttpHookDetailed() fails a body over the cap, never judging it on its prefix", async (t) => {
  for (const [label, prefix] of [["{} then 200 KB of spaces", "{}"], ["200 KB of spaces", ""]] as const) {
    await t.step(label, async () => {
      await withServer(() => new Response(spaces(prefix, 200_000)), async (base) => {
        const result = await runHttpHookDetailed(hook(base, { timeoutMs: 10_000 }), input);
        equal(result.bodyTruncated, true);
        equal(result.outcome, null);
        deepEqual(result.failure, {
          kind: "invalid_output",
          message:
            "the body exceeded the 65536-byte cap, so its answer does not count (answer less, or raise maxOutputBytes, at most 1048576)",
        });
      });
    });
  }
  await t.step("a complete outcome before the cap does not count either", async () => {
    await withServer(
      () => new Response(`{"additionalContext":"${"a".repeat(100)}"}${" ".repeat(5000)}`),
      async (base) => {
        const result = await runHttpHookDetailed(hook(base, { maxOutputBytes: 1000 }), input);
        equal(result.bodyTruncated, true);
        equal(result.failure?.kind, "invalid_output");
      },
    );
  });
  await t.step("a body of exactly the cap is read", async () => {
    await withServer(() => new Response(`{}${" ".repeat(998)}`), async (base) => {
      const result = await runHttpHookDetailed(hook(base, { maxOutputBytes: 1000 }), input);
      equal(result.bodyTruncated, false);
      deepEqual(result.outcome, { action: "allow" });
    });
  });
  await t.step("through the runner, a closed hook denies", async () => {
    await withServer(() => new Response(spaces("{}", 200_000)), async (base) => {
      const registry = new HookRegistry();
      const runner = new HookRunner({ registry, logger: memoryLogger() });
      registry.registerHttp("PreToolUse", hook(base, { name: "policy", failurePolicy: "closed" }));
      const result = await runner.preToolUse("bash", {}, { cwd: "/p" });
      equal(result.block, true);
      match(result.reason!, /Hook "policy" failed \(invalid_output: the body exceeded the 65536-byte cap/);
    });
  });
});

// Far longer than a body read at the cap takes: a body read on to the
// deadline fails these tests with "timeout", whatever the time.
const FAR_DEADLINE_MS = 20_000;

Deno.test("runHttpHookDetailed() cancels an endless body at the cap and fails at once, not at its deadline (peer bug: cap after buffering)", async () => {
  let cancelled = false;
  await withServer(() => new Response(spaces("{}", Infinity, { onCancel: () => cancelled = true })), async (base) => {
    const registry = new HookRegistry();
    const runner = new HookRunner({ registry, logger: memoryLogger() });
    registry.registerHttp(
      "PreToolUse",
      hook(base, { name: "policy", failurePolicy: "closed", timeoutMs: FAR_DEADLINE_MS }),
    );
    const blocked = await runner.preToolUse("bash", {}, { cwd: "/p" });
    equal(blocked.block, true);
    match(blocked.reason!, /Hook "policy" failed \(invalid_output: the body exceeded the 65536-byte cap/);
    const result = await runHttpHookDetailed(hook(base, { timeoutMs: FAR_DEADLINE_MS }), input);
    equal(result.status, 200);
    equal(result.bodyTruncated, true);
    deepEqual(result.failure, {
      kind: "invalid_output",
      message:
        "the body exceeded the 65536-byte cap, so its answer does not count (answer less, or raise maxOutputBytes, at most 1048576)",
    });
  });
  ok(cancelled, "the server saw the body cancelled");
});

Deno.test("runHttpHookDetailed() stops reading a body of hundreds of MB at the cap, in bounded memory", async () => {
  const size = 512 * 1024 * 1024;
  const progress = { sent: 0 };
  await withServer(() => new Response(spaces("{}", size, { progress })), async (base) => {
    const before = Deno.memoryUsage();
    const result = await runHttpHookDetailed(hook(base, { timeoutMs: 120_000 }), input);
    const after = Deno.memoryUsage();
    const grown = (after.rss - before.rss) / 1024 / 1024;
    equal(result.failure?.kind, "invalid_output");
    // What the server had sent when the cancel reached it: the socket's buffers, not the body.
    ok(progress.sent < 64 * 1024 * 1024, `the server sent ${progress.sent >> 20} MiB of ${size >> 20} MiB`);
    ok(grown < 64, `RSS grew by ${grown.toFixed(0)} MiB`);
  });
});

Deno.test("runHttpHookDetailed() caps the decoded bytes of a compressed body, not the declared length", async (t) => {
  // A few hundred bytes on the wire, with a Content-Length within the cap,
  // that fetch decodes to tens or hundreds of MiB: the cap must count what
  // comes out of the decoder, or the whole bomb lands in memory.
  const cases = [["gzip", 48 << 20], ["br", 256 << 20]] as const;
  for (const [encoding, padding] of cases) {
    await t.step(`${encoding}, ${padding >> 20} MiB decoded`, async () => {
      const bomb = await compressedBomb(encoding, '{"action":"allow"}', padding);
      ok(bomb.byteLength < 65536, `the ${encoding} bomb is ${bomb.byteLength} bytes, within the cap`);
      await withServer(() => compressedResponse(bomb, encoding), async (base) => {
        const before = Deno.memoryUsage().rss;
        const result = await runHttpHookDetailed(hook(base, { timeoutMs: 60_000 }), input);
        const grown = Deno.memoryUsage().rss - before;
        equal(result.status, 200);
        equal(result.bodyTruncated, true);
        equal(result.failure?.kind, "invalid_output");
        ok(grown < 100 * 1024 * 1024, `memory grew by ${(grown / 1024 / 1024).toFixed(0)} MiB`);
      });
    });
  }
});

Deno.test("runHttpHookDetailed() obeys the caller's abort mid-request", async () => {
  await withServer(async (request) => {
    await aborted(request.signal);
    return new Response(null);
  }, async (base) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("Ctrl-C")), 50);
    const result = await runHttpHookDetailed(
      hook(base, { timeoutMs: 10_000 }),
      input,
      { signal: controller.signal },
    );
    equal(result.failure?.kind, "aborted");
  });
});

// ---------------------------------------------------------------------------
// URL rules and headers

Deno.test("runHttpHookDetailed() refuses plain http to a non-loopback host without connecting", async () => {
  const started = performance.now();
  const result = await runHttpHookDetailed(
    hook("http://10.255.255.1:8080/hook"),
    input,
  );
  equal(result.failure?.kind, "rejected");
  match(result.failure!.message, /plain http:\/\/ is only allowed to loopback/);
  equal(result.status, null);
  ok(performance.now() - started < 200, "no connection was attempted");
});

Deno.test("runHttpHookDetailed() treats localhost and 127.0.0.1 alike as loopback", async () => {
  await withServer(() => json({ additionalContext: "hi" }), async (base) => {
    const port = new URL(base).port;
    for (const host of ["127.0.0.1", "localhost"]) {
      const result = await runHttpHookDetailed(
        hook(`http://${host}:${port}/`),
        input,
      );
      deepEqual(
        result.outcome,
        { action: "allow", additionalContext: "hi" },
        host,
      );
    }
  });
});

Deno.test("runHttpHookDetailed() refuses metadata addresses unless the hook opts in", async () => {
  const result = await runHttpHookDetailed(
    hook("https://169.254.169.254/latest/meta-data"),
    input,
  );
  equal(result.failure?.kind, "rejected");
  match(result.failure!.message, /"allowMetadataHosts": true/);
});

Deno.test("runHttpHookDetailed() enforces the URL allowlist", async () => {
  await withServer(() => new Response(""), async (base, hits) => {
    const refused = await runHttpHookDetailed(hook(base), input, {
      allowedUrls: ["https://policy.example.com/*"],
    });
    equal(refused.failure?.kind, "rejected");
    match(refused.failure!.message, /matches none of the allowed URL patterns/);
    const none = await runHttpHookDetailed(hook(base), input, {
      allowedUrls: [],
    });
    match(none.failure!.message, /allowlist is empty/);
    const allowed = await runHttpHookDetailed(hook(`${base}/hook`), input, {
      allowedUrls: ["http://127.0.0.1:*"],
    });
    deepEqual(allowed.outcome, { action: "allow" });
    equal(hits.length, 1);
  });
});

Deno.test("runHttpHookDetailed() expands only allowed variables in headers, and never logs them", async () => {
  Deno.env.set("HOOKGATE_TEST_POLICY_TOKEN", "s3cr3t");
  Deno.env.set("HOOKGATE_TEST_OTHER", "leak");
  const seen: Record<string, string | null> = {};
  const logger = memoryLogger();
  try {
    await withServer((request) => {
      seen.authorization = request.headers.get("authorization");
      seen.other = request.headers.get("x-other");
      seen.braced = request.headers.get("x-braced");
      seen.static = request.headers.get("x-static");
      return new Response(null, { status: 500 });
    }, async (base) => {
      const result = await runHttpHookDetailed(
        hook(base, {
          headers: {
            authorization: "Bearer $HOOKGATE_TEST_POLICY_TOKEN",
            "x-other": "[$HOOKGATE_TEST_OTHER]",
            "x-braced": "${HOOKGATE_TEST_POLICY_TOKEN}-x",
            "x-static": "plain",
          },
          allowedEnvVars: ["HOOKGATE_TEST_POLICY_TOKEN"],
        }),
        input,
        { logger },
      );
      ok(!JSON.stringify(result).includes("s3cr3t"));
    });
  } finally {
    Deno.env.delete("HOOKGATE_TEST_POLICY_TOKEN");
    Deno.env.delete("HOOKGATE_TEST_OTHER");
  }
  deepEqual(seen, {
    authorization: "Bearer s3cr3t",
    other: "[]",
    braced: "s3cr3t-x",
    static: "plain",
  });
  ok(!JSON.stringify(logger).includes("s3cr3t"));
});

Deno.test("runHttpHookDetailed() rejects a header that would break the request", async () => {
  Deno.env.set("HOOKGATE_TEST_NEWLINE", "a\r\nx-injected: 1");
  try {
    const result = await runHttpHookDetailed(
      hook("http://127.0.0.1:9/", {
        headers: { x: "$HOOKGATE_TEST_NEWLINE" },
        allowedEnvVars: ["HOOKGATE_TEST_NEWLINE"],
      }),
      input,
    );
    equal(result.failure?.kind, "rejected");
    match(result.failure!.message, /header name or value is invalid/);
  } finally {
    Deno.env.delete("HOOKGATE_TEST_NEWLINE");
  }
});

// ---------------------------------------------------------------------------
// Concurrency and the runner

Deno.test("runHttpHookDetailed() handles 50 concurrent invocations without leaking", async () => {
  await withServer(async (request) => {
    const body = await request.json();
    await delay(Math.random() * 20);
    return json({ additionalContext: String(body.toolInput.n) });
  }, async (base) => {
    const results = await Promise.all(
      Array.from(
        { length: 50 },
        (_, n) => runHttpHookDetailed(hook(base), { ...input, toolInput: { n } }),
      ),
    );
    deepEqual(
      results.map((r) => r.outcome?.additionalContext),
      Array.from({ length: 50 }, (_, n) => String(n)),
    );
  });
});

Deno.test("HookRunner chains an HTTP mutator and an in-process validator on PreToolUse", async () => {
  await withServer(async (request) => {
    const body = await request.json();
    const command = String(body.toolInput.command);
    return json({
      action: "mutate",
      input: { ...body.toolInput, command: command.replace(/^rm /, "rm -i ") },
    });
  }, async (base) => {
    const registry = new HookRegistry();
    registry.registerHttp("PreToolUse", {
      type: "http",
      url: `${base}/mutate`,
      name: "safer-rm",
      stage: "mutate",
    });
    const seenByValidator: unknown[] = [];
    registry.registerInProcess(
      "PreToolUse",
      "bash",
      (hookInput) => {
        seenByValidator.push(hookInput.toolInput);
        return String(hookInput.toolInput?.command).includes("/etc")
          ? { action: "deny", reason: "not in /etc" }
          : { action: "allow" };
      },
      "policy",
      { stage: "validate" },
    );
    const runner = new HookRunner({ registry });
    deepEqual(
      await runner.preToolUse("bash", { command: "rm a.txt" }, { cwd: "/p" }),
      {
        input: { command: "rm -i a.txt" },
      },
    );
    deepEqual(
      await runner.preToolUse("bash", { command: "rm /etc/passwd" }, {
        cwd: "/p",
      }),
      {
        block: true,
        reason: "not in /etc",
      },
    );
    deepEqual(seenByValidator, [{ command: "rm -i a.txt" }, {
      command: "rm -i /etc/passwd",
    }]);
  });
});

Deno.test("HookRunner kills a hanging HTTP hook at its deadline and applies failure policy", async () => {
  await withServer(async (request) => {
    await aborted(request.signal);
    return new Response(null);
  }, async (base) => {
    const registry = new HookRegistry();
    registry.registerHttp("PreToolUse", {
      type: "http",
      url: base,
      name: "slow-policy",
      timeoutMs: 100,
      failurePolicy: "closed",
    });
    const runner = new HookRunner({
      registry,
      httpAllowedUrls: ["http://127.0.0.1:*"],
    });
    const result = await runner.preToolUse("bash", {}, { cwd: "/p" });
    equal(result.block, true);
    match(result.reason!, /Hook "slow-policy" failed \(timeout: /);
  });
});

Deno.test("runHttpHookDetailed() names the exact --allow-net flag to add instead of throwing NotCapable", async () => {
  const probe = new URL("../testdata/run_http_hook.ts", import.meta.url).pathname;
  const { stdout, stderr, code } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-net=127.0.0.1",
      "--allow-env",
      probe,
      JSON.stringify(hook("http://localhost:8787/x")),
    ],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  const result = JSON.parse(new TextDecoder().decode(stdout));
  equal(result.failure.kind, "rejected");
  match(
    result.failure.message,
    /--allow-net does not include "localhost:8787"; add --allow-net=localhost:8787/,
  );
});

Deno.test("runHttpHookDetailed() reuses connections across invocations", async () => {
  const ports = new Set<number>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (_request, info) => {
      ports.add(info.remoteAddr.port);
      return new Response("");
    },
  );
  try {
    for (let i = 0; i < 20; i++) {
      await runHttpHookDetailed(
        hook(`http://127.0.0.1:${server.addr.port}/`),
        input,
      );
    }
  } finally {
    await server.shutdown();
  }
  ok(ports.size <= 2, `${ports.size} connections for 20 calls`);
});
