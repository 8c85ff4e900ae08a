// The OpenAI Codex dialect on the wire. Codex writes its hooks' stdin with
// Claude Code's names (`session_id`, `transcript_path` — null when there is
// none —, `cwd`, `hook_event_name`, `permission_mode`, `tool_name`,
// `tool_input`, `tool_use_id`, `tool_response`, `prompt`,
// `stop_hook_active`, `source`, `reason`, `trigger`) plus its own
// (`turn_id`, `model`, `last_assistant_message`, `agent_transcript_path`,
// which travel unchanged), so the payload is Claude's for Codex's events;
// its answers and results follow Codex's stricter rules (output.ts,
// result.ts). What Codex 0.169 really sends, event by event, is recorded in
// tests/testdata/codex/payloads/.

import { isPlainObject } from "../../_internal/json.ts";
import { MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import type { AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { HookInput } from "../../events/payload.ts";
import { decodeClaudeInput, encodeClaudeInput } from "../claude/wire.ts";
import { optionalString } from "../shared/_fields.ts";
import { type EventSenders, laterWireEvent } from "../shared/_later_event.ts";
import type {
  DecodedInput,
  DecodedOutput,
  Dialect,
  DialectEnv,
  DialectEnvContext,
  HookAnswer,
} from "../shared/types.ts";
import { CODEX_EVENTS, WITHOUT_MODEL } from "./events.ts";
import { decodeCodexOutput } from "./output.ts";
import { encodeCodexResult } from "./result.ts";
import { CODEX_TOOLS } from "./tools.ts";

/** A payload as Codex writes it to a command hook: a canonical call in Codex's tool names. */
function encodeInput(input: HookInput): Record<string, unknown> {
  const own = input.toolName === undefined ? input : withCall(input, CODEX_TOOLS.fromCanonical);
  const out = encodeClaudeInput(own);
  // Codex always writes the transcript, null when the session has none.
  if (out.transcript_path === undefined) out.transcript_path = null;
  return out;
}

/**
 * A Codex event: one of its events the table has, or one it added later
 * (its `PreModelRequest`, `PostModelRequest`, `Interrupt`, …), read with
 * its fields in `extra`. Codex writes `model` on every event of its own but
 * SessionEnd, and Claude Code on SessionStart only, so such a payload
 * without it is another agent's: read as Codex's, its hooks would be
 * chosen by the wrong rules.
 */
function decodeInput(value: unknown, senders: EventSenders): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Codex hook event must be a JSON object");
  const name = optionalString(value, "hook_event_name");
  if (name === undefined) throw new TypeError('a Codex hook event needs "hook_event_name"');
  if (!CODEX_EVENTS.has(name) && laterWireEvent(name, "codex", senders) === undefined) {
    throw new TypeError(
      `"hook_event_name" is ${JSON.stringify(name)}, which is not a Codex hook event (${
        [...CODEX_EVENTS].join(", ")
      }, or one Codex added later)`,
    );
  }
  if (CODEX_EVENTS.has(name) && !WITHOUT_MODEL.has(name) && typeof value.model !== "string") {
    throw new TypeError(
      `${name} has no "model", which Codex writes on every ${name}; is it another agent's? Run hook-run gateway with that agent's --agent`,
    );
  }
  const decoded = decodeClaudeInput(value, "codex", senders);
  const fields = decoded.fields as { toolName?: string; toolInput?: Record<string, unknown> };
  if (typeof fields.toolName === "string" && isPlainObject(fields.toolInput)) {
    const call = CODEX_TOOLS.toCanonical(fields.toolName, fields.toolInput);
    fields.toolName = call.name;
    fields.toolInput = call.input;
  }
  return decoded;
}

/** A Codex hook's answer; a rewrite, given in Codex's tool names, back in canonical terms. */
function decodeOutput(event: HookEvent, answer: HookAnswer, input?: HookInput): DecodedOutput {
  const decoded = decodeCodexOutput(event, answer);
  if (!("outcome" in decoded) || decoded.outcome.input === undefined || input?.toolName === undefined) return decoded;
  const name = CODEX_TOOLS.agentName(input.toolName);
  return { outcome: { ...decoded.outcome, input: CODEX_TOOLS.toCanonical(name, decoded.outcome.input).input } };
}

/** A result for Codex; a rewrite in the tool names of the call Codex made. */
function encodeResult(event: HookEvent, result: AnyHookEventResult, call?: DecodedInput): Record<string, unknown> {
  const toolName = (call?.fields as { toolName?: unknown } | undefined)?.toolName;
  if (typeof toolName !== "string") return encodeCodexResult(event, result);
  return encodeCodexResult(event, result, (input) => CODEX_TOOLS.fromCanonical(toolName, input).input);
}

function withCall(
  input: HookInput,
  translate: (name: string, input: Record<string, unknown>) => { name: string; input: Record<string, unknown> },
): HookInput {
  const call = translate(input.toolName!, input.toolInput ?? {});
  return { ...input, toolName: call.name, toolInput: call.input };
}

/** Codex's hooks run with Codex's environment and no variable of its own. */
function commandEnv({ sanitized }: DialectEnvContext): DialectEnv {
  return { inherit: !sanitized, env: {} };
}

/** The OpenAI Codex dialect, telling the events other agents send (`senders`) from Codex's own. */
export function codexDialect(senders: EventSenders): Dialect {
  return Object.freeze<Dialect>({
    name: "codex",
    matcherKind: "codex",
    matcherScope: "fields",
    // Codex hands each hook's context to the model as its own message; joined, a blank line apart.
    contextSeparator: "\n\n",
    // Codex launches an event's matching hooks together, each on the same input.
    concurrent: true,
    // Codex adds events between releases (0.169: PreModelRequest, PostModelRequest, Interrupt).
    acceptsUnknownEvents: true,
    // Codex waits as long as a hook's timeout says (0.169 keeps "timeout": 1200 as 1200 seconds).
    maxTimeoutMs: MAX_AGENT_TIMEOUT_MS,
    tools: CODEX_TOOLS,
    encodeInput,
    decodeInput: (value) => decodeInput(value, senders),
    decodeOutput,
    encodeResult,
    commandEnv,
  });
}
