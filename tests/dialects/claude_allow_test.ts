// A Claude-dialect hook's allow is Claude's allow: a grant, forwarded when
// no hook of the call denies, defers or asks; a native hook's allow stays
// "no objection"; an operator can refuse hook-granted allows.

import { deepEqual, equal, match } from "node:assert/strict";
import { hook, project, slow } from "./_project.ts";

Deno.test("Claude hooks: the most restrictive decision wins, deny > defer > ask > allow > nothing, in any order", async (t) => {
  const cases: [string, string[], Record<string, unknown>][] = [
    ["deny + ask + allow → deny", ["allow", "ask", "deny"], { block: true, reason: "deny says deny" }],
    ["ask + allow → ask", ["allow", "ask"], { decision: "ask", reason: "ask says ask" }],
    ["defer + ask + allow → defer", ["ask", "allow", "defer"], { decision: "defer", reason: "defer says defer" }],
    ["allow alone → allow, forwarded with its reason", ["allow"], { decision: "allow", reason: "allow says allow" }],
    ["allow + nothing → allow", ["", "allow"], { decision: "allow", reason: "allow says allow" }],
  ];
  for (const [name, answers, expected] of cases) {
    await t.step(name, async () => {
      await using p = await project({
        PreToolUse: [{ hooks: answers.map((answer, i) => slow(answer || `quiet${i}`, 0, answer)) }],
      });
      deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), expected);
    });
  }
});

Deno.test("A Claude hook's allow beside a native deny is a deny; beside a native allow it is forwarded", async (t) => {
  await t.step("a native validator denies", async () => {
    await using p = await project({ PreToolUse: [{ hooks: [slow("approver", 0, "allow")] }] });
    p.host.registry.registerInProcess("PreToolUse", "*", () => ({ action: "deny", reason: "policy" }), undefined, {
      stage: "validate",
    });
    deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {
      block: true,
      reason: "policy",
    });
  });
  await t.step("a native hook asks", async () => {
    await using p = await project({ PreToolUse: [{ hooks: [slow("approver", 0, "allow")] }] });
    p.host.registry.registerInProcess("PreToolUse", "*", () => ({ action: "ask", reason: "sure?" }));
    deepEqual(await p.host.runner.preToolUse("Bash", {}, { cwd: p.dir }), { decision: "ask", reason: "sure?" });
  });
  await t.step('a native hook\'s {action: "allow"} is no objection, never a grant', async () => {
    await using p = await project({ PreToolUse: [{ hooks: [slow("approver", 0, "allow")] }] });
    p.host.registry.registerInProcess("PreToolUse", "*", () => ({ action: "allow" }));
    deepEqual(await p.host.runner.preToolUse("Bash", {}, { cwd: p.dir }), {
      decision: "allow",
      reason: "approver says allow",
    });
    await using q = await project({});
    q.host.registry.registerInProcess("PreToolUse", "*", () => ({ action: "allow" }));
    deepEqual(await q.host.runner.preToolUse("Bash", {}, { cwd: q.dir }), {});
  });
});

Deno.test("A Claude deny list with a blanket allow, read with read -r: deny, or an allow forwarded", async () => {
  await using p = await project({ PreToolUse: [{ matcher: "Bash", hooks: [hook("allow_list.sh")] }] });
  const env = { cwd: p.dir };
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "git push origin main" }, env), {
    block: true,
    reason: "no pushes from the agent",
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "pnpm test" }, env), {
    decision: "allow",
    reason: "passed",
  });
});

Deno.test("A Claude PermissionRequest approval is forwarded: its updatedPermissions verbatim, its updatedInput", async (t) => {
  await using p = await project({ PermissionRequest: [{ hooks: [hook("approve.js")] }] });
  const env = { cwd: p.dir };
  await t.step("ExitPlanMode: allow with a mode switch", async () => {
    deepEqual(await p.host.runner.permissionRequest("ExitPlanMode", { plan: "# Plan" }, env), {
      decision: "allow",
      updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    });
  });
  await t.step("AskUserQuestion: allow with its answers", async () => {
    deepEqual(await p.host.runner.permissionRequest("AskUserQuestion", { questions: [] }, env), {
      decision: "allow",
      input: { questions: [], answers: { "Which one?": "A" } },
    });
  });
  await t.step("an extra key in the decision is tolerated, continue: true changes nothing", async () => {
    deepEqual(await p.host.runner.permissionRequest("Bash", { command: "git status" }, env), { decision: "allow" });
  });
  await t.step("a deny, and no opinion", async () => {
    deepEqual(await p.host.runner.permissionRequest("Bash", { command: "rm -rf x" }, env), {
      block: true,
      reason: "not allowed",
    });
    deepEqual(await p.host.runner.permissionRequest("Bash", { command: "make" }, env), {});
  });
  await t.step("a native deny beats the approval", async () => {
    p.host.registry.registerInProcess("PermissionRequest", "ExitPlanMode", () => ({ action: "deny", reason: "no" }));
    deepEqual(await p.host.runner.permissionRequest("ExitPlanMode", { plan: "# Plan" }, env), {
      block: true,
      reason: "no",
    });
  });
});

Deno.test('hookGrants: "refuse" drops hook-granted allows with a warning; the agent\'s own permission flow decides', async (t) => {
  await t.step("PreToolUse: the grant goes, its rewrite stays", async () => {
    await using p = await project(
      {
        PreToolUse: [{
          hooks: [{ type: "command", command: "python3", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/add_flag.py"] }],
        }],
      },
      {},
      { hookGrants: "refuse" },
    );
    deepEqual(await p.host.runner.preToolUse("Bash", { command: "make" }, { cwd: p.dir }), {
      input: { command: "make --dry-run" },
    });
    match(
      p.logger.warnings.join("\n"),
      /Hook "python3" allowed PreToolUse of tool "Bash", but hook-granted allows are refused \("hookGrants": "refuse"\), so the agent's own permission flow decides/,
    );
  });
  await t.step("PermissionRequest: the approval and its updates go", async () => {
    await using p = await project({ PermissionRequest: [{ hooks: [hook("approve.js")] }] }, {}, {
      hookGrants: "refuse",
    });
    deepEqual(await p.host.runner.permissionRequest("ExitPlanMode", { plan: "# Plan" }, { cwd: p.dir }), {});
    match(p.logger.warnings.join("\n"), /allowed PermissionRequest of tool "ExitPlanMode", but hook-granted allows/);
  });
  await t.step('the configuration key "hookGrants" in any layer refuses them', async () => {
    const dir = await Deno.makeTempDir({ prefix: "hookgate-grants-" });
    try {
      await Deno.writeTextFile(`${dir}/grants.jsonc`, '{"hookGrants": "refuse"}');
      await using p = await project({ PreToolUse: [{ hooks: [slow("approver", 0, "allow")] }] }, {}, {
        paths: [`${dir}/grants.jsonc`],
      });
      equal(p.host.config.hookGrants, "refuse");
      deepEqual(await p.host.runner.preToolUse("Bash", {}, { cwd: p.dir }), {});
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("A Claude hook that failed grants nothing, even read leniently", async () => {
  await using p = await project({
    PreToolUse: [{
      hooks: [{
        type: "command",
        command:
          `printf '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls -l"}}}'; exit 1`,
      }],
    }],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {
    input: { command: "ls -l" },
  });
  match(p.logger.warnings.join("\n"), /a hook that failed grants nothing/);
});
