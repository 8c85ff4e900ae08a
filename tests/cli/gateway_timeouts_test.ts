// A Claude hook's timeout as Claude takes it: any number of seconds an
// approval may wait for a human (plannotator's is 345600, four days) is kept
// whole — up to a week, and said above an hour — by hook-run check, list, the
// gateway and the server, whose own timeouts never cut a hook that runs.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { APPROVED, EXIT_PLAN_MODE, hook, withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

const FOUR_DAYS = 345_600;

Deno.test("hook-run check, list and gateway keep a Claude hook's timeout of 345600 s, an approval waiting days for a human", async () => {
  await withProject({
    PermissionRequest: [{ matcher: "ExitPlanMode", hooks: [{ ...hook("approve.js"), timeout: FOUR_DAYS }] }],
  }, async (dir) => {
    const check = await cli(["check"], { cwd: dir, env: TRUSTED });
    equal(check.code, 0, check.stdout + check.stderr);
    const said = check.stdout + check.stderr;
    equal(/capped/.test(said), false, said);
    match(said, /"timeout" is 345600 seconds \(4 d\): a call waits that long for this hook, as in Claude Code/);
    const list = await cli(["list"], { cwd: dir, env: TRUSTED });
    equal(list.code, 0, list.stderr);
    match(list.stdout, /345600000 ms/);
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...EXIT_PLAN_MODE }),
      env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
    });
    equal(run.code, 0, run.stderr);
    deepEqual(JSON.parse(run.stdout), APPROVED);
  });
});

Deno.test("hook-run check caps a Claude hook's timeout past a week at a week, and says so", async () => {
  await withProject({
    Stop: [{ hooks: [{ ...hook("stop.js"), timeout: 30 * 24 * 3600 }] }],
    // 5000 meant as milliseconds: Claude waits 83 minutes, and so does hookgate, with the hint.
    Notification: [{ hooks: [{ ...hook("notify.sh"), timeout: 5000 }] }],
  }, async (dir) => {
    const check = await cli(["check"], { cwd: dir, env: TRUSTED });
    const said = check.stdout + check.stderr;
    match(said, /"timeout" is 2592000 seconds \(30 d\); the longest is a week \(604800\), so it is capped/);
    match(
      said,
      /"timeout" is 5000 seconds \(1 h 23 min\): a call waits that long .*if you meant milliseconds, write 5/,
    );
    const list = await cli(["list"], { cwd: dir, env: TRUSTED });
    match(list.stdout, /604800000 ms/);
    match(list.stdout, /5000000 ms/);
  });
});

Deno.test("hook-run serve waits for a Claude hook past its own header and body timeouts", async () => {
  await withProject({
    PreToolUse: [{ hooks: [{ ...hook("slow.sh", "late", "3", "deny"), timeout: FOUR_DAYS }] }],
  }, async (dir) => {
    const server = await serve(["--header-timeout", "1", "--body-timeout", "1"], { cwd: dir, env: TRUSTED });
    try {
      const answer = await post(`${server.url}/hooks/PreToolUse`, {
        session_id: "s-1",
        cwd: dir,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      equal(answer.status, 200);
      deepEqual(JSON.parse(answer.text), {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "late says deny",
        },
      });
      equal(await Deno.stat(join(dir, ".marks/late.end")).then(() => true), true);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
