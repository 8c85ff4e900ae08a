// The answers of a user's Claude hooks that name no decision reach Claude
// through hook-run gateway and hook-run serve as Claude would have read them
// from the hook: a session's title, paths to watch, a retry, what to display,
// an elicitation's accepted content, a terminal sequence, and any field
// hookgate does not model — the later hook in configuration order winning
// per field, under the fields hookgate decides.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

/** One gateway call the way Claude makes it, in a trusted project. */
function gateway(dir: string, event: Record<string, unknown>) {
  return cli(["gateway"], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", transcript_path: join(dir, "t.jsonl"), cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
  });
}

const fields = (name: string) => hook("answer_fields.js", name);

Deno.test("hook-run gateway answers SessionStart's title, first message, watched paths and skills reload, the later title winning", async () => {
  await withProject({
    SessionStart: [{ hooks: [fields("session")] }, { hooks: [fields("title-later")] }],
  }, async (dir) => {
    const run = await gateway(dir, { hook_event_name: "SessionStart", source: "startup" });
    equal(run.code, 0, run.stderr);
    deepEqual(JSON.parse(run.stdout), {
      terminalSequence: "\u001b]0;busy\u0007",
      metrics: { n: 1 },
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        sessionTitle: "Later title",
        initialUserMessage: "run the tests",
        watchPaths: ["/p/a"],
        reloadSkills: true,
        additionalContext: "ctx",
      },
    });
    match(
      run.stderr,
      /Hooks ".*answer_fields\.js session" and ".*answer_fields\.js title-later" both answered "sessionTitle" on SessionStart; ".*title-later" is later in configuration order, so its value is used/,
    );
  });
});

Deno.test("hook-run gateway answers what Claude reads on UserPromptSubmit, PermissionDenied, MessageDisplay, CwdChanged, FileChanged and PostToolUse", async () => {
  await withProject({
    UserPromptSubmit: [{ hooks: [fields("prompt")] }],
    PermissionDenied: [{ hooks: [fields("retry")] }],
    MessageDisplay: [{ hooks: [fields("display")] }],
    CwdChanged: [{ hooks: [fields("watch")] }],
    FileChanged: [{ hooks: [fields("watch")] }],
    PostToolUse: [{ hooks: [fields("mcp")] }],
  }, async (dir) => {
    const answer = async (event: Record<string, unknown>) => {
      const run = await gateway(dir, event);
      equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout);
    };
    deepEqual(await answer({ hook_event_name: "UserPromptSubmit", prompt: "fix it" }), {
      hookSpecificOutput: {
        hookEventName: "UserPromptSubmit",
        sessionTitle: "Prompted title",
        suppressOriginalPrompt: true,
      },
    });
    deepEqual(
      await answer({
        hook_event_name: "PermissionDenied",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "t-1",
        reason: "auto mode classifier",
      }),
      { hookSpecificOutput: { hookEventName: "PermissionDenied", retry: true } },
    );
    deepEqual(
      await answer({ hook_event_name: "MessageDisplay", turn_id: "u-1", message_id: "m-1", index: 0, final: true }),
      { hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "**shown**" } },
    );
    deepEqual(await answer({ hook_event_name: "CwdChanged", old_cwd: dir, new_cwd: join(dir, "sub") }), {
      hookSpecificOutput: { hookEventName: "CwdChanged", watchPaths: ["/p/b"] },
    });
    deepEqual(await answer({ hook_event_name: "FileChanged", file_path: join(dir, ".env"), event: "change" }), {
      hookSpecificOutput: { hookEventName: "FileChanged", watchPaths: ["/p/b"] },
    });
    deepEqual(
      await answer({
        hook_event_name: "PostToolUse",
        tool_name: "mcp__vault__read",
        tool_input: {},
        tool_response: { content: [{ type: "text", text: "s3cr3t" }] },
        tool_use_id: "t-2",
      }),
      {
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedMCPToolOutput: { content: [{ type: "text", text: "redacted" }] },
          classifierContext: "reads secrets",
        },
      },
    );
  });
});

Deno.test("hook-run gateway answers an elicitation's accept with its content, unless another hook declines", async () => {
  const elicitation = {
    hook_event_name: "Elicitation",
    mcp_server_name: "forms",
    message: "Your name?",
    requested_schema: { type: "object" },
  };
  await withProject({ Elicitation: [{ hooks: [fields("accept")] }] }, async (dir) => {
    deepEqual(JSON.parse((await gateway(dir, elicitation)).stdout), {
      hookSpecificOutput: { hookEventName: "Elicitation", action: "accept", content: { name: "hookgate" } },
    });
  });
  await withProject({ Elicitation: [{ hooks: [fields("accept")] }, { hooks: [fields("decline")] }] }, async (dir) => {
    deepEqual(JSON.parse((await gateway(dir, elicitation)).stdout), {
      hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" },
    });
  });
});

Deno.test("hook-run gateway answers StopFailure's terminal sequence, the one field Claude reads there", async () => {
  await withProject({ StopFailure: [{ hooks: [fields("stop-failure")] }] }, async (dir) => {
    const run = await gateway(dir, { hook_event_name: "StopFailure", error: "rate_limit" });
    equal(run.code, 0, run.stderr);
    deepEqual(JSON.parse(run.stdout), { terminalSequence: "\u0007" });
  });
});

Deno.test("hook-run serve answers the fields Claude reads with the gateway's bytes", async () => {
  await withProject({ UserPromptSubmit: [{ hooks: [fields("prompt")] }] }, async (dir) => {
    const event = { session_id: "s-1", cwd: dir, hook_event_name: "UserPromptSubmit", prompt: "fix it" };
    const server = await serve([], { cwd: dir, env: TRUSTED });
    try {
      const served = await post(`${server.url}/hooks/UserPromptSubmit`, event);
      equal(served.status, 200);
      equal(served.text, (await gateway(dir, event)).stdout);
      deepEqual(JSON.parse(served.text).hookSpecificOutput.sessionTitle, "Prompted title");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
