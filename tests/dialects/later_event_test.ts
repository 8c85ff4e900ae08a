// Events an agent added after this version of hookgate (Codex 0.169's
// PreModelRequest, a Gemini CLI or Cursor event to come), in every dialect
// whose agent adds events: read from the agent's settings file with a
// warning and from its calls, their hooks run, nothing blocks on them, and
// trust, check and the gateway never fail over one. Another agent's known
// event is still refused on the wire, and hookgate's own files (native,
// Wuu) keep an unknown name an error.

import { deepEqual, equal, match, throws } from "node:assert/strict";
import { join } from "node:path";
import { parseHooksConfig } from "../../src/config/parse.ts";
import { type DecodedInput, dialectOf, laterEvent } from "../../src/dialects/mod.ts";
import { cli } from "../cli/_cli.ts";

const LOG = new URL("../testdata/codex/guards/log_payload.sh", import.meta.url).pathname;

/** Each agent: a later event as it names it, as hookgate runs it, and one of its calls for it. */
const AGENTS = {
  claude: {
    wire: "FutureEvent",
    event: "FutureEvent",
    call: (dir: string) => ({ session_id: "s", transcript_path: "/t.jsonl", cwd: dir, hook_event_name: "FutureEvent" }),
  },
  codex: {
    wire: "PreModelRequest",
    event: "PreModelRequest",
    call: (dir: string) => ({
      session_id: "s",
      turn_id: "t",
      cwd: dir,
      transcript_path: null,
      model: "gpt-5.5",
      hook_event_name: "PreModelRequest",
    }),
  },
  gemini: {
    wire: "AfterToolSelection",
    event: "AfterToolSelection",
    call: (dir: string) => ({
      session_id: "s",
      transcript_path: "/t.json",
      cwd: dir,
      hook_event_name: "AfterToolSelection",
      timestamp: "2026-12-01T00:00:00.000Z",
      llm_request: { model: "gemini-2.5-flash" },
    }),
  },
  cursor: {
    wire: "beforeTabSuggestion",
    event: "BeforeTabSuggestion",
    call: (dir: string) => ({
      conversation_id: "c",
      generation_id: "g",
      model: "m",
      hook_event_name: "beforeTabSuggestion",
      cursor_version: "2.4.1",
      workspace_roots: [dir],
      user_email: null,
      transcript_path: null,
      file_path: "a.ts",
    }),
  },
} as const;

type Agent = keyof typeof AGENTS;

/** An agent's settings file with one hook (logging to `log`) on its later event. */
function settings(agent: Agent, log: string): Record<string, unknown> {
  const command = `${LOG} ${log}`;
  const wire = AGENTS[agent].wire;
  if (agent === "cursor") return { version: 1, hooks: { [wire]: [{ command }] } };
  if (agent === "gemini") return { hooks: { [wire]: [{ hooks: [{ type: "command", command, timeout: 5000 }] }] } };
  return { hooks: { [wire]: [{ hooks: [{ type: "command", command }] }] } };
}

/** Where each agent's project settings file is. */
const PROJECT_FILE: Record<Agent, string> = {
  claude: ".claude/settings.json",
  codex: ".codex/hooks.json",
  gemini: ".gemini/settings.json",
  cursor: ".cursor/hooks.json",
};

Deno.test("laterEvent() tells an event an agent added later, in the agent's case, for the agents that add events", () => {
  deepEqual(
    (Object.keys(AGENTS) as Agent[]).map((agent) => laterEvent(agent, AGENTS[agent].wire)),
    ["FutureEvent", "PreModelRequest", "AfterToolSelection", "BeforeTabSuggestion"],
  );
  // A table event, a name in the other case, a malformed one; hookgate's own dialects add none.
  for (
    const [dialect, name] of [["codex", "Stop"], ["codex", "preModelRequest"], ["cursor", "Stop"], ["gemini", "a b"]]
  ) {
    equal(laterEvent(dialect as Agent, name!), undefined, `${dialect} ${name}`);
  }
  equal(laterEvent("native", "PreModelRequest"), undefined);
  equal(laterEvent("wuu", "PreModelRequest"), undefined);
});

Deno.test("Every agent's decodeInput reads an event it added later, and refuses another agent's", async (t) => {
  for (const agent of Object.keys(AGENTS) as Agent[]) {
    await t.step(agent, () => {
      const decoded: DecodedInput = dialectOf(agent).decodeInput(AGENTS[agent].call("/p"));
      equal(decoded.event, AGENTS[agent].event);
      equal(decoded.cwd, "/p");
      equal((decoded.fields as Record<string, unknown>).toolName, undefined);
    });
  }
  await t.step("another agent's event is that agent's payload", () => {
    throws(() => dialectOf("claude").decodeInput({ hook_event_name: "BeforeTool", cwd: "/p" }), /another agent's/);
    throws(() => dialectOf("claude").decodeInput({ hook_event_name: "PreModelRequest", cwd: "/p" }), /another agent's/);
    throws(() => dialectOf("gemini").decodeInput({ hook_event_name: "Interrupt", cwd: "/p" }), /not a Gemini CLI/);
    throws(() => dialectOf("codex").decodeInput({ hook_event_name: "AfterAgent", cwd: "/p" }), /not a Codex/);
    throws(() => dialectOf("cursor").decodeInput({ hook_event_name: "PreModelRequest" }), /not a Cursor/);
  });
});

Deno.test("Every agent's settings file loads an event it added later, with a warning; hookgate's own files refuse one", async (t) => {
  for (const agent of Object.keys(AGENTS) as Agent[]) {
    await t.step(agent, () => {
      const parsed = parseHooksConfig(JSON.stringify(settings(agent, "/dev/null")), { path: "f.json", dialect: agent });
      equal(parsed.ok, true, JSON.stringify(parsed.diagnostics));
      const event = AGENTS[agent].event as "Stop";
      equal(parsed.hooks[event]?.length, 1);
      equal(parsed.hooks[event]?.[0]?.dialect, agent);
      deepEqual(parsed.diagnostics.map((d) => [d.severity, d.message.replace(/sends it.*/, "…")]), [
        [
          "warning",
          `hookgate does not know the event "${AGENTS[agent].wire}": its hooks run when ${
            { claude: "Claude Code", codex: "OpenAI Codex", gemini: "Gemini CLI", cursor: "Cursor" }[agent]
          } …`,
        ],
      ]);
      match(parsed.diagnostics[0]!.message, /nothing blocks on it \(the event is not modelled by hookgate\)$/);
    });
  }
  for (const dialect of ["native", "wuu"] as const) {
    await t.step(`${dialect}: a slip in hookgate's own file stays an error`, () => {
      const parsed = parseHooksConfig(
        JSON.stringify({ dialect, hooks: { PreModelRequest: [{ command: "true" }] } }),
        { path: "config.jsonc" },
      );
      equal(parsed.ok, false);
      match(parsed.diagnostics[0]!.message, /^unknown event "PreModelRequest"/);
    });
  }
});

Deno.test("hook-run trust, check and gateway take each agent's event added later: its hooks run, and nothing is decided", async (t) => {
  for (const agent of Object.keys(AGENTS) as Agent[]) {
    await t.step(agent, async () => {
      const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-later-" }));
      const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
      try {
        const log = join(dir, "seen.jsonl");
        // The agent's own project settings (left to the agent by its gateway), and hookgate's, Claude-style.
        const own = join(dir, PROJECT_FILE[agent]);
        await Deno.mkdir(join(own, ".."), { recursive: true });
        await Deno.writeTextFile(own, JSON.stringify(settings(agent, join(dir, "own.jsonl"))));
        await Deno.mkdir(join(dir, ".hookgate"));
        await Deno.writeTextFile(
          join(dir, ".hookgate", "config.jsonc"),
          JSON.stringify({
            hooks: { [AGENTS[agent].event]: [{ hooks: [{ type: "command", command: `${LOG} ${log}` }] }] },
          }),
        );
        const trust = await cli(["trust", "--cwd", dir, "--yes"], { cwd: dir, home });
        equal(trust.code, 0, trust.stdout + trust.stderr);
        const check = await cli(["check", "--cwd", dir], { cwd: dir, home });
        equal(check.code, 0, check.stdout + check.stderr);
        match(
          check.stdout + check.stderr,
          new RegExp(`warning: hookgate does not know the event "${AGENTS[agent].wire}"`),
        );
        const run = await cli(["gateway", "--agent", agent, "--cwd", dir], {
          cwd: dir,
          home,
          stdin: JSON.stringify(AGENTS[agent].call(dir)),
        });
        equal(run.code, 0, run.stderr);
        deepEqual(JSON.parse(run.stdout), {});
        // hookgate's hook ran on what the agent sent; the agent's own file is the agent's to run.
        const seen = (await Deno.readTextFile(log)).trim().split("\n").map((line) => JSON.parse(line));
        equal(seen.length, 1);
        equal(seen[0].cwd, dir);
        equal(await Deno.stat(join(dir, "own.jsonl")).then(() => true, () => false), false);
      } finally {
        await Deno.remove(dir, { recursive: true });
        await Deno.remove(home, { recursive: true });
      }
    });
  }
});

Deno.test("hook-run gateway --help says every agent's later events pass through, not only Claude's", async () => {
  const { code, stdout } = await cli(["gateway", "--help"]);
  equal(code, 0);
  const text = stdout.replace(/\s+/g, " ");
  const sentence = /The hooks of an event hookgate does not know \(([^)]*)\)/.exec(text)?.[1] ?? "";
  for (const label of ["Claude Code", "Codex", "Gemini CLI", "Cursor"]) {
    match(sentence, new RegExp(label), `the help's sentence on later events names ${label}: ${sentence}`);
  }
  equal(text.includes("one Claude added later"), false);
});
