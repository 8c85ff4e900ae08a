// hookgate's own answer rules (native and Wuu hooks): exit 2 always denies,
// and on an event that cannot block — SessionStart, SessionEnd,
// SubagentStart, … — the deny is told to the user, as a Claude-style hook's
// exit-2 stderr is, in every agent's terms through its gateway.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { dialectOf } from "../../src/dialects/mod.ts";
import { cli } from "../cli/_cli.ts";

const NO = new URL("../testdata/codex/guards/no_sessions.sh", import.meta.url).pathname;

Deno.test("The native and Wuu dialects tell a deny on an event that cannot block in systemMessage, and keep the deny", async (t) => {
  const exit2 = { text: "", stderr: "no sessions on Fridays", exitCode: 2, source: "stdout" as const };
  for (const name of ["native", "wuu"] as const) {
    const dialect = dialectOf(name);
    await t.step(`${name}: exit 2 on SessionStart and SessionEnd`, () => {
      for (const event of ["SessionStart", "SessionEnd", "SubagentStart"] as const) {
        deepEqual(dialect.decodeOutput(event, exit2), {
          outcome: {
            action: "deny",
            reason: "no sessions on Fridays",
            systemMessage: `${event} cannot be blocked; a hook asked to: no sessions on Fridays`,
          },
        });
      }
    });
    await t.step(`${name}: where a deny blocks, or becomes feedback, nothing more`, () => {
      for (const event of ["PreToolUse", "Stop", "PostToolUse"] as const) {
        deepEqual(dialect.decodeOutput(event, exit2), {
          outcome: { action: "deny", reason: "no sessions on Fridays" },
        });
      }
    });
  }
  await t.step("a JSON deny beside the hook's own message: both", () => {
    const answer = { text: '{"action": "deny", "reason": "r", "systemMessage": "m"}', stderr: "", exitCode: 0 };
    deepEqual(dialectOf("native").decodeOutput("SessionEnd", { ...answer, source: "stdout" }), {
      outcome: { action: "deny", reason: "r", systemMessage: "m\nSessionEnd cannot be blocked; a hook asked to: r" },
    });
  });
});

/** SessionStart as each agent sends it to its gateway. */
const SESSION_START: Record<string, (dir: string) => Record<string, unknown>> = {
  claude: (dir) => ({
    session_id: "s",
    transcript_path: "/t.jsonl",
    cwd: dir,
    hook_event_name: "SessionStart",
    source: "startup",
  }),
  codex: (dir) => ({
    session_id: "s",
    transcript_path: null,
    cwd: dir,
    hook_event_name: "SessionStart",
    model: "gpt-5.5",
    permission_mode: "default",
    source: "startup",
  }),
  gemini: (dir) => ({
    session_id: "s",
    transcript_path: "/t.json",
    cwd: dir,
    hook_event_name: "SessionStart",
    timestamp: "2026-12-01T00:00:00.000Z",
    source: "startup",
  }),
  cursor: (dir) => ({
    conversation_id: "c",
    generation_id: "g",
    model: "m",
    hook_event_name: "sessionStart",
    cursor_version: "2.4.1",
    workspace_roots: [dir],
    user_email: null,
    transcript_path: null,
    session_id: "c",
    is_background_agent: false,
  }),
};

Deno.test("hook-run gateway tells every agent a SessionStart hook's exit 2, native or Claude-style", async (t) => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-unblockable-" }));
  const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
  const files = {
    native: join(dir, "native.json"),
    "Claude-style": join(dir, "claude.json"),
  };
  await Deno.writeTextFile(files.native, JSON.stringify({ hooks: { SessionStart: [{ command: NO }] } }));
  await Deno.writeTextFile(
    files["Claude-style"],
    JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: NO }] }] } }),
  );
  try {
    for (const [kind, file] of Object.entries(files)) {
      for (const agent of Object.keys(SESSION_START)) {
        await t.step(`${kind} hook, ${agent}`, async () => {
          const run = await cli(["gateway", "--agent", agent, "--config", file, "--cwd", dir], {
            cwd: dir,
            home,
            stdin: JSON.stringify(SESSION_START[agent]!(dir)),
          });
          equal(run.code, 0, run.stderr);
          const answer = JSON.parse(run.stdout);
          // Cursor shows no user_message on sessionStart: its hook log (stderr) is where it is said.
          const told = agent === "cursor" ? run.stderr : answer.systemMessage ?? "";
          match(told, /no sessions on Fridays/);
          if (kind === "native") match(told, /SessionStart cannot be blocked/);
        });
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
