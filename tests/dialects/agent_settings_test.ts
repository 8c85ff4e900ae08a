// The one reader of agents' settings files: a new agent is a description
// (its keys, timeout unit and bound, the events it fires, what it skips),
// and the reader does the rest — the groups and their hooks, unknown keys,
// broken entries, timeouts — as it does for Claude Code, Codex, Gemini CLI
// and Cursor.

import { deepEqual, equal } from "node:assert/strict";
import { MAX_AGENT_TIMEOUT_MS } from "../../src/_internal/limits.ts";
import { accepts, BOOLEAN, looseObject, number, optional, type Shape, string } from "../../src/_internal/shape.ts";
import {
  agentHook,
  type AgentSettings,
  agentSettings,
  agentTimeout,
} from "../../src/dialects/shared/_agent_settings.ts";
import type { EntryContext, JsonPath } from "../../src/dialects/shared/config_types.ts";

/** What a read said, in order: `[severity, path, message]`. */
type Said = [string, JsonPath, string][];

/** A context that records what the reader says, and checks shapes as the quick check does. */
function recorder(said: Said): EntryContext {
  return {
    error: (path, message) => void said.push(["error", path, message]),
    warning: (path, message) => void said.push(["warning", path, message]),
    check(shape: Shape, value: unknown, path: JsonPath) {
      if (accepts(shape, value)) return true;
      said.push(["error", path, "does not fit"]);
      return false;
    },
    common: () => true,
    toolRule: () => true,
    command: () => true,
    url: () => true,
  };
}

/** A fifth agent, as little as its config.ts would say: Claude's groups, timeouts in seconds, two events. */
const FIFTH: AgentSettings = {
  name: "codex",
  label: "Fifth Agent CLI",
  agent: "Fifth",
  fires: new Set(["PreToolUse", "Stop"]),
  groups: { noun: "matcher group", ungrouped: "Fifth ignores such an entry" },
  hook: looseObject({
    type: optional(string()),
    command: optional(string(1)),
    timeout: optional(number({ positive: true })),
    async: optional(BOOLEAN),
  }),
  timeout: { unit: "seconds", longestMs: MAX_AGENT_TIMEOUT_MS },
  skip: (entry, path) =>
    entry.type === "prompt" ? { path: [...path, "type"], message: "Fifth skips prompt hooks" } : undefined,
  read(event, entry, matcher, path, context) {
    const seconds = (entry.timeout as number | undefined) ?? 60;
    return {
      ...agentHook("codex", event, agentTimeout(FIFTH, seconds, [...path, "timeout"], context), matcher),
      command: entry.command as string,
    };
  },
};

Deno.test("agentSettings() reads a new agent's matcher groups from its description alone", async (t) => {
  const config = agentSettings(FIFTH);
  const path = ["hooks", "PreToolUse", 0];
  await t.step("each hook of a group, with its group's matcher, the mutate stage and the timeout in seconds", () => {
    const said: Said = [];
    const hooks = config.entries(
      "PreToolUse",
      { matcher: "Bash", hooks: [{ command: "a" }, { command: "b", timeout: 5 }] },
      path,
      recorder(said),
    );
    deepEqual(hooks, [
      { dialect: "codex", stage: "mutate", timeoutMs: 60_000, matcher: "Bash", command: "a" },
      { dialect: "codex", stage: "mutate", timeoutMs: 5_000, matcher: "Bash", command: "b" },
    ]);
    deepEqual(said, []);
  });
  await t.step(
    "an unknown key is a warning and the hook runs; a hook the agent skips is a warning and left out",
    () => {
      const said: Said = [];
      const hooks = config.entries(
        "Stop",
        { hooks: [{ command: "a", comand: "x" }, { type: "prompt" }] },
        path,
        recorder(said),
      );
      equal(hooks.length, 1);
      deepEqual(said, [
        [
          "warning",
          [...path, "hooks", 0, "comand"],
          '"comand" is not a Fifth hook key hookgate knows; it is ignored and the hook runs',
        ],
        ["warning", [...path, "hooks", 1, "type"], "Fifth skips prompt hooks"],
      ]);
    },
  );
  await t.step("an event of the table it does not fire is skipped with a warning naming its events", () => {
    const said: Said = [];
    deepEqual(config.entries("SessionStart", { hooks: [{ command: "a" }] }, path, recorder(said)), []);
    deepEqual(said, [["warning", path, "Fifth has no SessionStart hook event, so this entry never runs"]]);
  });
  await t.step("a hook outside its group is an error in the agent's words", () => {
    const said: Said = [];
    deepEqual(config.entries("Stop", { command: "a" }, path, recorder(said)), []);
    deepEqual(said, [[
      "error",
      path,
      "this hook is not inside a matcher group: Fifth ignores such an entry",
    ]]);
  });
  await t.step("a timeout past an hour says a call waits that long, as in the agent", () => {
    const said: Said = [];
    config.entries("Stop", { hooks: [{ command: "a", timeout: 7200 }] }, path, recorder(said));
    deepEqual(said.map(([, , message]) => message), [
      '"timeout" is 7200 seconds (2 h 0 min): a call waits that long for this hook, as in Fifth',
    ]);
  });
  await t.step("a broken hook's placeholder could only fail open, and is named by the hook at fault", () => {
    deepEqual(
      config.broken({ matcher: "Bash", hooks: [{ command: "a" }, { command: "b", timeout: "x" }] }, [
        "hooks",
        1,
        "timeout",
      ]),
      { failurePolicy: "open", policy: false, dialect: "codex", name: "b", matcher: "Bash" },
    );
  });
});

Deno.test("agentSettings() reads flat entries when the description has no groups", () => {
  const { groups: _groups, fires: _fires, ...flat } = FIFTH;
  const config = agentSettings(flat);
  const said: Said = [];
  const path = ["hooks", "Stop", 0];
  deepEqual(config.entries("Stop", { command: "a" }, path, recorder(said)), [
    { dialect: "codex", timeoutMs: 60_000, command: "a" },
  ]);
  deepEqual(config.entries("Stop", { hooks: [] }, path, recorder(said)), []);
  deepEqual(said, [["error", path, "Fifth hooks are flat entries, not matcher groups"]]);
});

Deno.test("agentTimeout() caps at the agent's bound and names the other unit", async (t) => {
  const at = ["hooks", "Stop", 0, "timeout"];
  await t.step("milliseconds below a second", () => {
    const said: Said = [];
    const settings = { ...FIFTH, timeout: { unit: "milliseconds", longestMs: MAX_AGENT_TIMEOUT_MS } } as const;
    equal(agentTimeout(settings, 30, at, recorder(said)), 30);
    deepEqual(said, [["warning", at, '"timeout" is 30 milliseconds: the hook is stopped after less than a second']]);
  });
  await t.step("a bound below a week", () => {
    const said: Said = [];
    const settings = { ...FIFTH, timeout: { unit: "seconds", longestMs: 600_000 } } as const;
    equal(agentTimeout(settings, 900, at, recorder(said)), 600_000);
    deepEqual(said, [["warning", at, '"timeout" is 900 seconds; the longest is 600, so it is capped']]);
  });
  await t.step("whole units only", () => {
    const said: Said = [];
    const settings = { ...FIFTH, timeout: { unit: "seconds", longestMs: MAX_AGENT_TIMEOUT_MS, whole: true } } as const;
    equal(agentTimeout(settings, 1.5, at, recorder(said)), 1500);
    deepEqual(said.map(([, , message]) => message), [
      '"timeout" is 1.5, but Fifth reads whole seconds only: it cannot read this file and runs none of its hooks',
    ]);
  });
});
