// The OpenAI Codex dialect on the wire. Codex writes its hooks' stdin with
// Claude Code's names (`session_id`, `transcript_path` — null when there is
// none —, `cwd`, `hook_event_name`, `permission_mode`, `tool_name`,
// `tool_input`, `tool_use_id`, `tool_response`, `prompt`,
// `stop_hook_active`, `source`) plus its own (`turn_id`, `model`,
// `last_assistant_message`, which travel unchanged), so the payload is
// Claude's for Codex's events; its answers and results follow Codex's
// stricter rules (output.ts, result.ts).

import { isPlainObject } from "../../_internal/json.ts";
import type { HookInput } from "../../events/payload.ts";
import { CLAUDE_DIALECT } from "../claude/wire.ts";
import { optionalString } from "../_fields.ts";
import type { DecodedInput, Dialect, DialectEnv, DialectEnvContext } from "../types.ts";
import { CODEX_EVENTS } from "./events.ts";
import { decodeCodexOutput } from "./output.ts";
import { encodeCodexResult } from "./result.ts";

/** A payload as Codex writes it to a command hook. */
function encodeInput(input: HookInput): Record<string, unknown> {
  const out = CLAUDE_DIALECT.encodeInput(input);
  // Codex always writes the transcript, null when the session has none.
  if (out.transcript_path === undefined) out.transcript_path = null;
  return out;
}

function decodeInput(value: unknown): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Codex hook event must be a JSON object");
  const name = optionalString(value, "hook_event_name");
  if (name === undefined) throw new TypeError('a Codex hook event needs "hook_event_name"');
  if (!CODEX_EVENTS.has(name)) {
    throw new TypeError(
      `"hook_event_name" is ${JSON.stringify(name)}, which is not a Codex hook event (${[...CODEX_EVENTS].join(", ")})`,
    );
  }
  return CLAUDE_DIALECT.decodeInput(value);
}

/** Codex's hooks run with Codex's environment and no variable of its own. */
function commandEnv({ sanitized }: DialectEnvContext): DialectEnv {
  return { inherit: !sanitized, env: {} };
}

/** The OpenAI Codex dialect. */
export const CODEX_DIALECT: Dialect = Object.freeze<Dialect>({
  name: "codex",
  matcherKind: "codex",
  matcherScope: "fields",
  // Codex hands each hook's context to the model as its own message; joined, a blank line apart.
  contextSeparator: "\n\n",
  // Codex launches an event's matching hooks together, each on the same input.
  concurrent: true,
  encodeInput,
  decodeInput,
  decodeOutput: decodeCodexOutput,
  encodeResult: (event, result) => encodeCodexResult(event, result),
  commandEnv,
});
