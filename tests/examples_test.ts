import { equal } from "node:assert/strict";

async function runExample(name: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      new URL(`../examples/${name}`, import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("examples/in_process.ts rewrites, blocks and adds context as documented", async () => {
  const out = await runExample("in_process.ts");
  equal(
    out,
    [
      `bash "ls" → {"input":{"command":"ls -la"}}`,
      `bash "rm -rf /" → {"block":true,"reason":"rm -rf is blocked by policy"}`,
      `bash "git status" → {}`,
      `write → {"additionalContext":"Remember to run the linter.","contextAs":"context"}`,
      "",
    ].join("\n"),
  );
});

Deno.test("examples/http_policy: the server and its hook config deny, rewrite and allow", async () => {
  const { startPolicyServer } = await import("../examples/http_policy/server.ts");
  const { HookRegistry, HookRunner, loadConfig } = await import("../mod.ts");
  const config = await loadConfig({
    paths: [new URL("../examples/http_policy/hooks.jsonc", import.meta.url).pathname],
    defaultLayers: false,
  });
  const server = startPolicyServer({ port: 0, token: "test-token" });
  Deno.env.set("POLICY_TOKEN", "test-token");
  try {
    const hook = config.hooks.PreToolUse![0]! as { url: string };
    hook.url = hook.url.replace(":8787", `:${server.addr.port}`);
    const registry = new HookRegistry();
    registry.loadShellHooks(config.hooks);
    const runner = new HookRunner({ registry });
    const env = { cwd: Deno.cwd() };
    const denied = await runner.preToolUse(
      "bash",
      { command: "rm -rf build" },
      env,
    );
    equal(denied.reason, "rm -rf is not allowed by the policy service");
    const rewritten = await runner.preToolUse("bash", {
      command: "npm install",
    }, env);
    equal(rewritten.input?.command, "npm ci");
    const allowed = await runner.preToolUse("bash", { command: "ls" }, env);
    equal(JSON.stringify(allowed), "{}");
    Deno.env.set("POLICY_TOKEN", "wrong");
    const unauthorized = await runner.preToolUse(
      "bash",
      { command: "ls" },
      env,
    );
    equal(
      unauthorized.block,
      true,
      "401 is a failure, and the hook fails closed",
    );
  } finally {
    Deno.env.delete("POLICY_TOKEN");
    await server.shutdown();
  }
});

Deno.test("examples/hooks.jsonc and examples/wuu_hooks.json load cleanly and behave as annotated", async () => {
  const { checkConfig, HookRegistry, HookRunner } = await import("../mod.ts");
  for (const file of ["hooks.jsonc", "wuu_hooks.json"]) {
    const config = await checkConfig({
      paths: [new URL(`../examples/${file}`, import.meta.url).pathname],
      defaultLayers: false,
    });
    equal(config.diagnostics.length, 0, JSON.stringify(config.diagnostics));
  }
  const config = await checkConfig({
    paths: [new URL("../examples/hooks.jsonc", import.meta.url).pathname],
    defaultLayers: false,
  });
  const registry = new HookRegistry();
  registry.loadShellHooks(config.hooks);
  const runner = new HookRunner({ registry });
  const env = { cwd: Deno.cwd() };
  equal(
    (await runner.preToolUse("bash", { command: "rm -rf /" }, env)).reason,
    "rm -rf is blocked by the example policy",
  );
  equal(
    (await runner.preToolUse("bash", { command: "git push --force" }, env))
      .reason,
    "force pushes need a human",
  );
  equal(
    JSON.stringify(await runner.preToolUse("bash", { command: "ls" }, env)),
    "{}",
  );
  equal(
    (await runner.sessionStart(env)).additionalContext,
    "This repository uses conventional commits.",
  );
  await runner.postToolUse("edit", { path: "a" }, {
    content: "",
    isError: false,
  }, env);
  await runner.idle();

  const wuu = await checkConfig({
    paths: [new URL("../examples/wuu_hooks.json", import.meta.url).pathname],
    defaultLayers: false,
  });
  const wuuRegistry = new HookRegistry();
  wuuRegistry.loadShellHooks(wuu.hooks);
  const wuuRunner = new HookRunner({ registry: wuuRegistry });
  equal(
    (await wuuRunner.preToolUse("bash", { command: "git push" }, env)).reason,
    "Publish changes manually.",
  );
});

Deno.test("examples/prompt_hooks.jsonc loads cleanly and asks each client", async () => {
  const { checkConfig, HookRegistry, HookRunner } = await import("../mod.ts");
  const config = await checkConfig({
    paths: [new URL("../examples/prompt_hooks.jsonc", import.meta.url).pathname],
    defaultLayers: false,
  });
  equal(config.diagnostics.length, 0, JSON.stringify(config.diagnostics));
  // Point both endpoints at a local fake model that denies everything.
  const asked: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    asked.push(`${path} ${(await request.json()).model}`);
    const text = '{"ok": false, "reason": "not yet"}';
    return path.endsWith("/messages")
      ? Response.json({ content: [{ type: "text", text }] })
      : Response.json({ choices: [{ message: { content: text } }] });
  });
  try {
    const models = structuredClone(config.models!);
    for (const endpoint of Object.values(models.endpoints)) {
      endpoint.baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
    }
    Deno.env.set("OPENAI_API_KEY", "test");
    Deno.env.set("ANTHROPIC_API_KEY", "test");
    const registry = new HookRegistry();
    registry.loadShellHooks(config.hooks);
    const runner = new HookRunner({ registry, models });
    equal((await runner.preToolUse("bash", { command: "git push" }, { cwd: "/p" })).reason, "not yet");
    equal((await runner.stop({ cwd: "/p" })).block, true);
    equal(asked.join(), "/v1/chat/completions gpt-4o-mini,/v1/messages claude-haiku-4-5");
  } finally {
    Deno.env.delete("OPENAI_API_KEY");
    Deno.env.delete("ANTHROPIC_API_KEY");
    await server.shutdown();
  }
});
