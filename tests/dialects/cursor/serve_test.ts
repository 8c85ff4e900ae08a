// hook-run serve answering Cursor (?agent=cursor): the same call answered
// with the same bytes as hook-run gateway --agent cursor, and the curl
// command hook that reaches it failing closed.

import { equal, match } from "node:assert/strict";
import { post, serve } from "../../cli/_serve.ts";
import { cursorProject, payload } from "./_project.ts";

Deno.test("hook-run serve ?agent=cursor answers byte for byte as hook-run gateway --agent cursor", async (t) => {
  await using project = await cursorProject();
  const { dir } = project;
  const server = await serve(["--cwd", dir], { cwd: dir, home: project.home, env: { CURSOR_PROJECT_DIR: dir } });
  try {
    const cases: [string, string, Record<string, unknown>][] = [
      ["beforeShellExecution", "before_shell_execution", {}],
      ["beforeShellExecution", "before_shell_execution", { command: "git push origin" }],
      ["beforeShellExecution", "before_shell_execution", { command: "ls" }],
      ["preToolUse", "pre_tool_use_shell", {}],
      ["preToolUse", "pre_tool_use_shell", { tool_input: { command: "ls", working_directory: dir } }],
      ["beforeReadFile", "before_read_file", { file_path: `${dir}/.env` }],
      ["beforeSubmitPrompt", "before_submit_prompt", {}],
      ["sessionStart", "session_start", {}],
      ["stop", "stop", {}],
    ];
    for (const [event, name, fields] of cases) {
      await t.step(`${event} ${JSON.stringify(fields)}`, async () => {
        const call = await payload(name, dir, fields);
        const gateway = await project.gateway(call);
        equal(gateway.code, 0, gateway.stderr);
        const served = await post(`${server.url}/hooks/${event}?agent=cursor`, call);
        equal(served.status, 200, served.text);
        equal(served.text, gateway.stdout);
        equal((await post(`${server.url}/hooks?agent=cursor`, call)).text, gateway.stdout);
      });
    }
    await t.step("a body naming another event than the path: Cursor's deny for the body's event", async () => {
      const call = await payload("before_shell_execution", dir, { command: "echo hi" });
      const served = await post(`${server.url}/hooks/beforeSubmitPrompt?agent=cursor`, call);
      equal(served.status, 200);
      equal(JSON.parse(served.text).permission, "deny");
    });
    await t.step("another agent's payload on a Cursor event: Cursor's deny", async () => {
      const served = await post(`${server.url}/hooks/beforeShellExecution?agent=cursor`, {
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      });
      equal(served.status, 200);
      const answer = JSON.parse(served.text);
      equal(answer.permission, "deny");
      match(String(answer.user_message), /Cursor/);
    });
  } finally {
    equal((await server.stop()).code, 0);
  }
});

Deno.test("the curl command hook that reaches hook-run serve for Cursor fails closed", async (t) => {
  await using project = await cursorProject();
  const { dir } = project;
  const curl = (url: string) =>
    new Deno.Command("sh", {
      args: [
        "-c",
        `curl -sS --fail-with-body --max-time 30 -H 'content-type: application/json' --data-binary @- "${url}" || exit 2`,
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  const run = async (url: string, body: Record<string, unknown>) => {
    const child = curl(url);
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify(body)));
    await writer.close();
    const { code, stdout } = await child.output();
    return { code, stdout: new TextDecoder().decode(stdout) };
  };
  const call = await payload("before_shell_execution", dir);
  const server = await serve(["--cwd", dir], { cwd: dir, home: project.home, env: { CURSOR_PROJECT_DIR: dir } });
  const url = `${server.url}/hooks/beforeShellExecution?agent=cursor`;
  try {
    await t.step("served: Cursor's deny on stdout, exit 0", async () => {
      const answered = await run(url, call);
      equal(answered.code, 0);
      equal(JSON.parse(answered.stdout).permission, "deny");
    });
  } finally {
    equal((await server.stop()).code, 0);
  }
  await t.step("the server down: exit 2, which Cursor reads as a deny", async () => {
    const answered = await run(url, call);
    equal(answered.code, 2);
  });
});
