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
