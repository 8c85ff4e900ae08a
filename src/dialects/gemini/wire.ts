// The Gemini CLI dialect on the wire (0.61): the payload as Gemini writes
// it to a command hook's stdin — `session_id`, `transcript_path`, `cwd`,
// `hook_event_name` (Gemini's name of the event), `timestamp`, then the
// event's fields in Gemini's names (`tool_name` and `tool_input` in
// Gemini's tool names and fields, `tool_response`, `prompt`,
// `stop_hook_active`, `source`, `reason`, `trigger`, …) — both ways, its
// answer rules, and its answer fields for a result.

import { isPlainObject, setOwn } from "../../_internal/json.ts";
import type { AnyHookEventFields } from "../../events/event_map.ts";
import type { HookInput } from "../../events/payload.ts";
import { HOOK_EVENTS, type HookPayloadField, isHookEvent } from "../../events/table.ts";
import { optionalString, readFields, readLoopFlagAndExtra, SNAKE_CASE_NAMES } from "../shared/_fields.ts";
import { type EventSenders, laterWireEvent, rowOf } from "../shared/_later_event.ts";
import type { ToolMap } from "../shared/_tool_map.ts";
import type { DecodedInput, Dialect } from "../shared/types.ts";
import { expandGeminiCommand, geminiCommandEnv } from "./env.ts";
import { canonicalEvent, GEMINI_EVENTS, geminiEvent } from "./events.ts";
import { decodeGeminiOutput } from "./output.ts";
import { encodeGeminiResult } from "./result.ts";
import { GEMINI_TOOLS } from "./tools.ts";

/** Canonical payload field → Gemini's wire name: snake_case, with Gemini's own names for a few. */
const WIRE_NAMES: Readonly<Record<HookPayloadField, string>> = {
  ...SNAKE_CASE_NAMES,
  compactReason: "trigger",
  endReason: "reason",
};

/** What every Gemini event carries, read into the run environment rather than the fields. */
const COMMON_KEYS = ["session_id", "transcript_path", "cwd", "hook_event_name"];

/** A tool's result as Gemini gives it to AfterTool hooks: `{llmContent, returnDisplay, error?}`. */
function toolResponse(content: unknown, isError: boolean): Record<string, unknown> {
  if (isPlainObject(content) && Object.hasOwn(content, "llmContent")) return content;
  const display = typeof content === "string" ? content : JSON.stringify(content) ?? "";
  return { llmContent: content, returnDisplay: display, ...(isError ? { error: { message: display } } : {}) };
}

/**
 * A payload as Gemini CLI writes it to its hooks. The timestamp is the one
 * Gemini sent, when the call came from Gemini, else now.
 */
function encodeInput(input: HookInput): Record<string, unknown> {
  const out: Record<string, unknown> = {
    session_id: input.sessionId ?? "",
    transcript_path: input.transcriptPath ?? "",
    cwd: input.cwd,
    hook_event_name: geminiEvent(input.event) ?? input.event,
    timestamp: typeof input.extra?.timestamp === "string" ? input.extra.timestamp : new Date().toISOString(),
  };
  const info = Object.hasOwn(HOOK_EVENTS, input.event) ? HOOK_EVENTS[input.event] : undefined;
  let tool = input.toolName === undefined
    ? undefined
    : GEMINI_TOOLS.fromCanonical(input.toolName, input.toolInput ?? {});
  for (const field of info?.fields ?? []) {
    const value = input[field];
    if (value === undefined) continue;
    if (field === "toolName" || field === "toolInput") {
      tool ??= { name: input.toolName ?? "", input: input.toolInput ?? {} };
      out[WIRE_NAMES[field]] = field === "toolName" ? tool.name : tool.input;
    } else if (field === "toolResult") {
      out.tool_response = toolResponse(input.toolResult!.content, input.toolResult!.isError === true);
    } else if (field !== "toolUseId") {
      // Gemini has no tool-use ids: one from another agent travels in `extra`, not here.
      out[WIRE_NAMES[field]] = value;
    }
  }
  const extra = input.extra;
  if (extra !== undefined) {
    for (const key of Object.keys(extra)) if (!Object.hasOwn(out, key)) setOwn(out, key, extra[key]);
  }
  return out;
}

function decodeInput(value: unknown, senders: EventSenders): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Gemini CLI hook event must be a JSON object");
  const name = optionalString(value, "hook_event_name");
  if (name === undefined) throw new TypeError('a Gemini CLI hook event needs "hook_event_name"');
  // An event Gemini added after this version runs under the row for unknown events, its fields in `extra`.
  const event = canonicalEvent(name) ?? laterWireEvent(name, "gemini", senders);
  if (event === undefined) {
    throw new TypeError(
      `"hook_event_name" is ${JSON.stringify(name)}, which is not a Gemini CLI hook event (expected one of ${
        GEMINI_EVENTS.join(", ")
      }, or one Gemini CLI added later)`,
    );
  }
  const fields = (isHookEvent(event)
    ? readFields(event, (field) => {
      const wire = value[WIRE_NAMES[field]];
      if (field === "toolResult" && wire !== undefined && wire !== null) {
        const error = isPlainObject(wire) ? wire.error : undefined;
        return { content: wire, isError: error !== undefined && error !== null };
      }
      return wire;
    }, (field) => WIRE_NAMES[field])
    : {}) as AnyHookEventFields & { toolName?: string; toolInput?: Record<string, unknown> };
  if (fields.toolName !== undefined) {
    const call = GEMINI_TOOLS.toCanonical(fields.toolName, fields.toolInput ?? {});
    fields.toolName = call.name;
    if (fields.toolInput !== undefined) fields.toolInput = call.input;
  }
  const decoded: DecodedInput = { event, fields };
  const cwd = optionalString(value, "cwd");
  const sessionId = optionalString(value, "session_id");
  const transcriptPath = optionalString(value, "transcript_path");
  if (cwd !== undefined) decoded.cwd = cwd;
  if (sessionId !== undefined && sessionId !== "") decoded.sessionId = sessionId;
  if (transcriptPath !== undefined && transcriptPath !== "") decoded.transcriptPath = transcriptPath;
  const read = new Set(COMMON_KEYS);
  for (const field of Object.keys(fields) as HookPayloadField[]) read.add(WIRE_NAMES[field]);
  // Everything else travels as the agent sent it.
  readLoopFlagAndExtra(value, rowOf(event).loopGuard, read, decoded);
  return decoded;
}

/**
 * The Gemini CLI dialect, with its tool names (the shared dialect interface
 * takes them once it knows them), telling the events other agents send
 * (`senders`) from Gemini's own.
 */
export function geminiDialect(senders: EventSenders): Dialect & { readonly tools: ToolMap } {
  return Object.freeze(
    {
      name: "gemini",
      // Gemini reads a tool event's matcher as a regular expression, a lifecycle event's as an exact trigger.
      matcherKind: "gemini",
      matcherScope: "fields",
      contextSeparator: "\n",
      // Gemini runs an event's hooks at the same time, each on the same input, unless a group that matches the call
      // says "sequential": then all of them, one after another, every one even after a block.
      concurrent: true,
      sequentialEvents: true,
      // Gemini CLI adds events between releases: a later one's hooks run, and nothing blocks on it.
      acceptsUnknownEvents: true,
      tools: GEMINI_TOOLS,
      encodeInput,
      decodeInput: (value: unknown) => decodeInput(value, senders),
      decodeOutput: decodeGeminiOutput,
      encodeResult: encodeGeminiResult,
      commandEnv: geminiCommandEnv,
      expandArgument: expandGeminiCommand,
    } as const,
  );
}
