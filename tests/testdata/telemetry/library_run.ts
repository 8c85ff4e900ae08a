// An agent embedding the library, run by tests/telemetry/otel_test.ts under
// OTEL_DENO=true: in-process, command and HTTP hooks through one runner,
// with a secret-looking string in the input, the prompt, a header and the
// hooks' output. Arguments: the secret, an HTTP hook URL.
import { HookRegistry, HookRunner } from "../../../mod.ts";

const [secret, hookUrl] = Deno.args as [string, string];
const registry = new HookRegistry();
registry.registerInProcess(
  "PreToolUse",
  "bash",
  (input) =>
    String(input.toolInput?.command).includes("rm")
      ? { action: "deny", reason: `no rm (${secret})` }
      : { action: "allow" },
  "policy-plugin",
  { name: "rm-guard" },
);
registry.registerInProcess(
  "UserPromptSubmit",
  undefined,
  () => ({ additionalContext: `ctx ${secret}` }),
  "ctx-plugin",
  {
    name: "prompt-context",
  },
);
registry.registerShell("PostToolUse", {
  name: "echo-context",
  command: `printf '{"additionalContext":"%s"}' ${secret}`,
});
registry.registerShell("PostToolUse", { name: "slow", command: "sleep 5", timeoutMs: 300 });
registry.registerHttp("PostToolUse", {
  type: "http",
  name: "audit-endpoint",
  url: hookUrl,
  headers: { Authorization: `Bearer ${secret}` },
});
const runner = new HookRunner({ registry, sessionId: () => "session-lib" });
const cwd = Deno.cwd();
await runner.preToolUse("bash", { command: `rm -rf / # ${secret}` }, { cwd });
await runner.userPromptSubmit(`please ${secret}`, { cwd });
await runner.postToolUse("bash", { command: secret }, { content: secret, isError: false }, { cwd });
await runner.close();
