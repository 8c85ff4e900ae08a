// The command hook that reaches hook-run serve for an agent without HTTP
// hooks, exactly as the docs give it:
//   curl -sS --fail-with-body --max-time 30 -H "content-type: application/json" \
//     --data-binary @- "<url>" || exit 2
// run by sh with the real curl against a real server. What the server
// answers passes through; a server that is down, refuses or takes too long
// is exit 2, which every agent reads as a block.

import { deepEqual, equal, match } from "node:assert/strict";
import { piped } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

const CURL = "/usr/bin/curl";

/** The documented command hook for `url`, `--max-time` aside. */
function curlHook(url: string, maxTime = 30): string {
  return `${CURL} -sS --fail-with-body --max-time ${maxTime} -H "content-type: application/json" --data-binary @- "${url}" || exit 2`;
}

/** Runs a command hook as an agent does: sh -c, the event on stdin. */
async function runHook(command: string, event: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
  return await piped(
    new Deno.Command("sh", { args: ["-c", command], stdin: "piped", stdout: "piped", stderr: "piped" }),
    JSON.stringify(event),
  );
}

const RM = { session_id: "s-1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };

Deno.test("the curl command hook passes hook-run serve's answers through and blocks on its refusals", async (t) => {
  await t.step("without its content type every call is refused, so the form must declare it", async () => {
    await withProject({}, async (dir) => {
      const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
      try {
        const bare = `${CURL} -sS --fail-with-body --max-time 30 --data-binary @- "${server.url}/hooks" || exit 2`;
        const run = await runHook(bare, { ...RM, cwd: dir });
        equal(run.code, 2);
        match(run.stdout, /content-type: application\/json/);
      } finally {
        equal((await server.stop()).code, 0);
      }
    });
  });
  await withProject({
    PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }],
  }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const event = { ...RM, cwd: dir };
      await t.step("a deny passes through, exit 0", async () => {
        const direct = await post(`${server.url}/hooks/PreToolUse?agent=claude`, event);
        const run = await runHook(curlHook(`${server.url}/hooks/PreToolUse?agent=claude`), event);
        deepEqual([run.code, run.stdout], [0, direct.text], run.stderr);
        match(run.stdout, /"permissionDecision":"deny"/);
      });
      await t.step("nothing to say passes through as {}", async () => {
        const run = await runHook(curlHook(`${server.url}/hooks/PreToolUse`), { ...event, tool_name: "Read" });
        deepEqual([run.code, run.stdout], [0, "{}\n"], run.stderr);
      });
      await t.step("a refusal (400: an unknown agent) is exit 2", async () => {
        const run = await runHook(curlHook(`${server.url}/hooks?agent=nobody`), event);
        equal(run.code, 2, run.stdout);
      });
      await t.step("a refusal (404: no such path) is exit 2", async () => {
        const run = await runHook(curlHook(`${server.url}/elsewhere`), event);
        equal(run.code, 2, run.stdout);
      });
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("the curl command hook blocks when hook-run serve is down", async () => {
  // A port that was just free and is closed again: nothing listens there.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const run = await runHook(curlHook(`http://127.0.0.1:${port}/hooks/PreToolUse`), RM);
  equal(run.code, 2);
  equal(run.stdout, "");
  match(run.stderr, /curl: \(7\)/);
});

Deno.test("the curl command hook blocks when hook-run serve does not answer in time", async () => {
  await withProject({
    PreToolUse: [{ matcher: "Bash", hooks: [{ ...hook("slow.sh", "late", "3", "allow"), timeout: 30 }] }],
  }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const run = await runHook(curlHook(`${server.url}/hooks/PreToolUse`, 1), { ...RM, cwd: dir });
      equal(run.code, 2);
      equal(run.stdout, "");
      match(run.stderr, /curl: \(28\)/);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
