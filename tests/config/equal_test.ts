import { equal } from "node:assert/strict";
import { type ConfiguredHooks, countShellHooks, shellHooksEqual } from "../../mod.ts";

const base: ConfiguredHooks = {
  PreToolUse: [
    {
      name: "guard",
      matcher: "bash",
      command: "bash guard.sh",
      timeoutMs: 3000,
      failurePolicy: "closed",
    },
    {
      type: "http",
      url: "https://policy.example.com/hook",
      headers: { a: "1", b: "2" },
    },
  ],
  Stop: [{ command: "notify" }],
};

Deno.test("shellHooksEqual() ignores key order inside entries and headers", () => {
  const reordered: ConfiguredHooks = {
    Stop: [{ command: "notify" }],
    PreToolUse: [
      {
        failurePolicy: "closed",
        timeoutMs: 3000,
        command: "bash guard.sh",
        matcher: "bash",
        name: "guard",
      },
      {
        headers: { b: "2", a: "1" },
        url: "https://policy.example.com/hook",
        type: "http",
      },
    ],
  };
  equal(shellHooksEqual(base, reordered), true);
});

Deno.test("shellHooksEqual() sees every behaviour field change", async (t) => {
  const variants: [string, ConfiguredHooks][] = [
    ["hook order", {
      ...base,
      PreToolUse: [base.PreToolUse![1]!, base.PreToolUse![0]!],
    }],
    ["command", { ...base, Stop: [{ command: "notify2" }] }],
    ["matcher", { ...base, Stop: [{ command: "notify", matcher: "x" }] }],
    ["timeout", { ...base, Stop: [{ command: "notify", timeoutMs: 1 }] }],
    ["failure policy", {
      ...base,
      Stop: [{ command: "notify", failurePolicy: "closed" }],
    }],
    ["stage", { ...base, Stop: [{ command: "notify", stage: "mutate" }] }],
    ["policy", { ...base, Stop: [{ command: "notify", policy: true }] }],
    ["env", { ...base, Stop: [{ command: "notify", env: { A: "1" } }] }],
    ["event list", { ...base, SessionEnd: [{ command: "notify" }] }],
    ["header value", {
      ...base,
      PreToolUse: [base.PreToolUse![0]!, {
        type: "http",
        url: "https://policy.example.com/hook",
        headers: { a: "1", b: "3" },
      }],
    }],
  ];
  for (const [label, variant] of variants) {
    await t.step(label, () => equal(shellHooksEqual(base, variant), false));
  }
});

Deno.test("shellHooksEqual() treats empty and absent events alike, and ignores the source file", () => {
  equal(shellHooksEqual({ Stop: [] }, {}), true);
  equal(shellHooksEqual(undefined, {}), true);
  equal(
    shellHooksEqual({ Stop: [{ command: "a", source: "/x.jsonc" }] }, {
      Stop: [{ command: "a", source: "/y.jsonc" }],
    }),
    true,
  );
});

Deno.test("countShellHooks() counts entries across events", () => {
  equal(countShellHooks(base), 3);
  equal(countShellHooks({}), 0);
  equal(countShellHooks(undefined), 0);
});
