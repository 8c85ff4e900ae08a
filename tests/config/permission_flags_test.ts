import { deepEqual, equal } from "node:assert/strict";
import { permissionFlags, requiredPermissions } from "../../src/config/mod.ts";
import { runPermissionProblem } from "../../src/permissions/mod.ts";

Deno.test("requiredPermissions() lists what actually runs: direct programs, sh for shell syntax, kill, hosts", () => {
  const needs = requiredPermissions({
    PreToolUse: [
      { command: "python3 /abs/check.py" },
      { command: "cat | jq ." },
      { command: "node", args: ["hook.js"], passEnv: ["GITHUB_TOKEN"] },
    ],
    PostToolUse: [
      {
        type: "http",
        url: "https://policy.example.com/hook",
        allowedEnvVars: ["POLICY_TOKEN"],
      },
      { type: "http", url: "http://127.0.0.1:8787/post" },
    ],
  });
  deepEqual(needs.run.filter((p) => p !== "setsid" && p !== "pkill"), [
    "kill",
    "node",
    "python3",
    "sh",
  ]);
  deepEqual(needs.net, ["127.0.0.1:8787", "policy.example.com"]);
  equal(needs.env.includes("GITHUB_TOKEN"), true);
  equal(needs.env.includes("POLICY_TOKEN"), true);
  equal(needs.env.includes("LC_*"), true);
});

Deno.test("permissionFlags() is empty for no hooks and ready to paste otherwise", () => {
  deepEqual(permissionFlags({}), []);
  deepEqual(
    permissionFlags({ Stop: [{ type: "http", url: "https://h.example/x" }] }),
    ["--allow-net=h.example"],
  );
});

Deno.test("permissionFlags() gives --allow-env no list when a Claude-dialect command hook inherits the agent's environment", () => {
  const hooks = {
    PreToolUse: [{ command: "python3 /abs/guard.py", dialect: "claude" as const }],
    Stop: [{ name: "native", command: "true" }],
  };
  deepEqual(requiredPermissions(hooks).inheritsEnv, ["python3 /abs/guard.py"]);
  equal(permissionFlags(hooks).at(-1), "--allow-env");
  // Sanitized for every hook: nothing inherits, and the list is back.
  deepEqual(requiredPermissions(hooks, { sanitizeEnv: true }).inheritsEnv, []);
  equal(permissionFlags(hooks, { sanitizeEnv: true }).at(-1)!.startsWith("--allow-env=HOME,"), true);
  // A native hook, and a Claude HTTP hook, get no more than they name.
  deepEqual(
    requiredPermissions({
      Stop: [{ command: "true" }, { type: "http", url: "http://127.0.0.1:1/x", dialect: "claude" }],
    }).inheritsEnv,
    [],
  );
});

Deno.test("runPermissionProblem() finds nothing missing under unscoped --allow-run", () => {
  equal(runPermissionProblem("anything-at-all"), undefined);
});

Deno.test("requiredPermissions() adds model hosts and key variables for prompt hooks", () => {
  const needs = requiredPermissions({
    Stop: [{ type: "prompt", prompt: "p" }, { type: "prompt", prompt: "q", model: "b" }],
  }, {
    models: {
      default: "a",
      endpoints: {
        a: { provider: "openai", model: "m", apiKeyEnv: "OPENAI_API_KEY" },
        b: { provider: "anthropic", baseUrl: "http://127.0.0.1:9000/v1", model: "m", apiKeyEnv: "ANTHROPIC_API_KEY" },
      },
    },
  });
  deepEqual(needs.net, ["127.0.0.1:9000", "api.openai.com"]);
  deepEqual(needs.env, ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"]);
  deepEqual(needs.run, []);
});
