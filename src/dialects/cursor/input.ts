// A Cursor event on the wire, both ways: what Cursor writes to a command
// hook's stdin (the base fields — conversation_id, generation_id, model,
// hook_event_name, cursor_version, workspace_roots, user_email,
// transcript_path — and each event's own), read into canonical terms, and
// a canonical event written as Cursor would write it for the hook's event.
// What hookgate does not model travels as the agent's own fields (`extra`).

import { describe, isPlainObject, setOwn } from "../../_internal/json.ts";
import type { AnyHookEventFields } from "../../events/event_map.ts";
import type { HookInput } from "../../events/payload.ts";
import { type HookPayloadField, isHookEvent } from "../../events/table.ts";
import { optionalString, readFields } from "../shared/_fields.ts";
import type { DecodedInput } from "../shared/types.ts";
import { type EventSenders, laterWireEvent } from "../shared/_later_event.ts";
import { CURSOR_EVENTS, type CursorEventInfo, wireEventOf } from "./events.ts";
import { CURSOR_TOOLS, mcpToolOf } from "./tools.ts";

/** The base fields read into the run environment rather than the payload. */
const BASE_READ = ["conversation_id", "transcript_path", "hook_event_name"];

/** Each event's plain fields: canonical field → Cursor's key. */
const FIELD_KEYS: Readonly<Record<string, Partial<Record<HookPayloadField, string>>>> = {
  beforeSubmitPrompt: { prompt: "prompt" },
  subagentStart: { agentId: "subagent_id", agentType: "subagent_type" },
  subagentStop: { agentId: "subagent_id", agentType: "subagent_type" },
  sessionEnd: { endReason: "reason" },
  preCompact: { compactReason: "trigger" },
  beforeTabFileRead: { filePath: "file_path" },
  afterTabFileEdit: { filePath: "file_path" },
};

/** The events whose payload carries `loop_count`, Cursor's loop flag. */
const LOOPS: ReadonlySet<string> = new Set(["stop", "subagentStop"]);

/**
 * A Cursor event read into canonical terms; `wireEvent` is set when
 * Cursor's name is an alias. An event Cursor added later is told from one
 * another agent is known to send by `senders`.
 */
export function decodeCursorInput(value: unknown, senders: EventSenders = new Map()): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Cursor hook event must be a JSON object");
  const wire = optionalString(value, "hook_event_name");
  if (wire === undefined) throw new TypeError('a Cursor hook event needs "hook_event_name"');
  // An event Cursor added after this version runs under the row for unknown events, in PascalCase, its fields in `extra`.
  const later = Object.hasOwn(CURSOR_EVENTS, wire) ? undefined : laterWireEvent(wire, "cursor", senders, "camelCase");
  const info: CursorEventInfo | undefined = later !== undefined
    ? { event: later }
    : Object.hasOwn(CURSOR_EVENTS, wire)
    ? CURSOR_EVENTS[wire]!
    : undefined;
  if (info === undefined) {
    throw new TypeError(`"hook_event_name" is ${JSON.stringify(wire)}, which is not a Cursor hook event name`);
  }
  const event = info.event;
  const read = new Set(BASE_READ);
  const raw: Partial<Record<HookPayloadField, unknown>> = toolFields(wire, value, read);
  for (const [field, key] of Object.entries(FIELD_KEYS[wire] ?? {}) as [HookPayloadField, string][]) {
    if (value[key] !== undefined) {
      raw[field] = value[key];
      read.add(key);
    }
  }
  if (wire === "subagentStop" && raw.agentId === undefined) raw.agentId = "";
  const fields: AnyHookEventFields = isHookEvent(event)
    ? readFields(event, (field) => raw[field], (field) => wireKey(wire, field))
    : {};
  const decoded: DecodedInput = { event, fields };
  if (info.alias === true) decoded.wireEvent = wire;
  const roots = value.workspace_roots;
  const cwd = optionalString(value, "cwd") ??
    (Array.isArray(roots) && typeof roots[0] === "string" ? roots[0] : undefined);
  if (cwd !== undefined) decoded.cwd = cwd;
  if (typeof value.cwd === "string") read.add("cwd");
  const sessionId = optionalString(value, "conversation_id") ?? optionalString(value, "session_id");
  if (sessionId !== undefined && sessionId !== "") decoded.sessionId = sessionId;
  const transcriptPath = optionalString(value, "transcript_path");
  if (transcriptPath !== undefined) decoded.transcriptPath = transcriptPath;
  if (LOOPS.has(wire) && value.loop_count !== undefined && value.loop_count !== null) {
    const count = value.loop_count;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0) {
      throw new TypeError(`"loop_count" must be a whole number, got ${describe(count)}`);
    }
    // Cursor counts its follow-ups; the count itself travels on for Cursor's hooks.
    decoded.stopHookActive = count > 0;
  }
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!read.has(key)) setOwn(extra ??= {}, key, value[key]);
  }
  if (extra !== undefined) fields.extra = extra;
  return decoded;
}

/** Cursor's key for a canonical field on `wire`, for messages. */
function wireKey(wire: string, field: HookPayloadField): string {
  if (field === "toolName") return "tool_name";
  if (field === "toolInput") return wire === "beforeShellExecution" ? "command" : "tool_input";
  return FIELD_KEYS[wire]?.[field] ?? field;
}

/** The tool call of a tool event, in canonical terms; the keys it read go into `read`. */
function toolFields(
  wire: string,
  value: Record<string, unknown>,
  read: Set<string>,
): Partial<Record<HookPayloadField, unknown>> {
  const take = (key: string): unknown => {
    read.add(key);
    return value[key];
  };
  switch (wire) {
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure": {
      const name = take("tool_name");
      const input = take("tool_input") ?? {};
      if (typeof name !== "string") throw new TypeError(`${wire} needs "tool_name"`);
      if (!isPlainObject(input)) throw new TypeError(`"tool_input" must be a JSON object, got ${describe(input)}`);
      const call = CURSOR_TOOLS.toCanonical(name, input);
      const out: Partial<Record<HookPayloadField, unknown>> = { toolName: call.name, toolInput: call.input };
      if (value.tool_use_id !== undefined) out.toolUseId = take("tool_use_id");
      if (wire === "postToolUse") out.toolResult = { content: jsonOrText(take("tool_output")), isError: false };
      if (wire === "postToolUseFailure") out.error = take("error_message") ?? "";
      return out;
    }
    case "beforeShellExecution":
    case "afterShellExecution": {
      const command = take("command");
      if (typeof command !== "string") throw new TypeError(`${wire} needs "command" (a string)`);
      const out: Partial<Record<HookPayloadField, unknown>> = { toolName: "Bash", toolInput: { command } };
      if (wire === "afterShellExecution") out.toolResult = { content: take("output") ?? "", isError: false };
      return out;
    }
    case "beforeMCPExecution":
    case "afterMCPExecution": {
      const name = take("tool_name");
      if (typeof name !== "string" || name === "") throw new TypeError(`${wire} needs "tool_name"`);
      const text = value.tool_input;
      const input = typeof text === "string" ? jsonOrText(text) : text ?? {};
      // A body that is no JSON object stays where Cursor put it, for the hooks that read it.
      if (isPlainObject(input)) read.add("tool_input");
      const out: Partial<Record<HookPayloadField, unknown>> = {
        toolName: CURSOR_TOOLS.toCanonical(`MCP:${name}`, {}).name,
        toolInput: isPlainObject(input) ? input : {},
      };
      if (wire === "afterMCPExecution") {
        out.toolResult = { content: jsonOrText(take("result_json")), isError: false };
      }
      return out;
    }
    case "beforeReadFile": {
      const path = take("file_path");
      if (typeof path !== "string") throw new TypeError(`beforeReadFile needs "file_path" (a string)`);
      return { toolName: "Read", toolInput: { file_path: path } };
    }
    case "afterFileEdit": {
      const path = take("file_path");
      const edits = take("edits") ?? [];
      if (typeof path !== "string") throw new TypeError(`afterFileEdit needs "file_path" (a string)`);
      if (!Array.isArray(edits)) throw new TypeError(`"edits" must be an array, got ${describe(edits)}`);
      const [only] = edits;
      const call = edits.length === 1 && isPlainObject(only)
        ? { toolName: "Edit", toolInput: { file_path: path, old_string: only.old_string, new_string: only.new_string } }
        : { toolName: "MultiEdit", toolInput: { file_path: path, edits } };
      return { ...call, toolResult: { content: "", isError: false } };
    }
    default:
      return {};
  }
}

/** A JSON text's value when it is an object or an array, else the text (or `""`). */
function jsonOrText(value: unknown): unknown {
  if (typeof value !== "string") return value ?? "";
  const trimmed = value.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A value as Cursor's JSON-string fields carry it. */
function jsonText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

/** A tool's result as a shell's output text: Claude's Bash result `{stdout, stderr}` joined, else as JSON. */
function outputText(value: unknown): string {
  if (isPlainObject(value) && typeof value.stdout === "string") {
    return typeof value.stderr === "string" && value.stderr !== "" ? `${value.stdout}\n${value.stderr}` : value.stdout;
  }
  return jsonText(value);
}

/**
 * A canonical event as Cursor writes it for a hook configured on
 * `wireEvent` (absent: the event's own Cursor name): the base fields, the
 * event's own, then what the agent sent that hookgate does not model.
 */
export function encodeCursorInput(input: HookInput, wireEvent?: string): Record<string, unknown> {
  const wire = wireEventOf(input.event, wireEvent);
  const extra = input.extra ?? {};
  const out: Record<string, unknown> = {
    conversation_id: input.sessionId ?? "",
    generation_id: extra.generation_id ?? "",
    model: extra.model ?? "",
    hook_event_name: wire,
    cursor_version: extra.cursor_version ?? "",
    workspace_roots: extra.workspace_roots ?? [input.cwd],
    user_email: extra.user_email ?? null,
    transcript_path: input.transcriptPath ?? null,
  };
  const tool = input.toolInput ?? {};
  switch (wire) {
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure": {
      const call = CURSOR_TOOLS.fromCanonical(input.toolName ?? "", tool);
      out.tool_name = call.name;
      out.tool_input = call.input;
      if (input.toolUseId !== undefined) out.tool_use_id = input.toolUseId;
      out.cwd = input.cwd;
      if (wire === "postToolUse") out.tool_output = jsonText(input.toolResult?.content);
      if (wire === "postToolUseFailure") out.error_message = input.error ?? "";
      break;
    }
    case "beforeShellExecution":
    case "afterShellExecution":
      out.command = typeof tool.command === "string" ? tool.command : "";
      if (wire === "afterShellExecution") out.output = outputText(input.toolResult?.content);
      else out.cwd = typeof tool.working_directory === "string" ? tool.working_directory : input.cwd;
      out.sandbox = extra.sandbox ?? false;
      break;
    case "beforeMCPExecution":
    case "afterMCPExecution":
      out.tool_name = mcpToolOf(input.toolName ?? "") ?? input.toolName ?? "";
      out.tool_input = JSON.stringify(tool);
      if (wire === "afterMCPExecution") out.result_json = jsonText(input.toolResult?.content);
      break;
    case "beforeReadFile":
      out.file_path = typeof tool.file_path === "string" ? tool.file_path : "";
      // The content only when Cursor gave it: an empty one would tell a secret scanner there is nothing to find.
      out.attachments = extra.attachments ?? [];
      break;
    case "afterFileEdit":
      out.file_path = typeof tool.file_path === "string" ? tool.file_path : "";
      out.edits = editsOf(input.toolName, tool);
      break;
    case "beforeSubmitPrompt":
      out.prompt = input.prompt ?? "";
      out.attachments = extra.attachments ?? [];
      break;
    case "stop":
    case "subagentStop":
      if (wire === "subagentStop") writeFields(out, input, FIELD_KEYS.subagentStop!);
      out.status = extra.status ?? "completed";
      out.loop_count = typeof extra.loop_count === "number" ? extra.loop_count : input.stopHookActive ? 1 : 0;
      break;
    case "sessionStart":
    case "sessionEnd":
      out.session_id = input.sessionId ?? "";
      out.is_background_agent = extra.is_background_agent ?? false;
      writeFields(out, input, FIELD_KEYS[wire] ?? {});
      break;
    default:
      writeFields(out, input, FIELD_KEYS[wire] ?? {});
  }
  for (const key of Object.keys(extra)) if (!Object.hasOwn(out, key)) setOwn(out, key, extra[key]);
  return out;
}

function writeFields(
  out: Record<string, unknown>,
  input: HookInput,
  keys: Partial<Record<HookPayloadField, string>>,
): void {
  for (const [field, key] of Object.entries(keys) as [HookPayloadField, string][]) {
    const value = input[field];
    if (value !== undefined) out[key] = value;
  }
}

/** afterFileEdit's `edits` for a canonical write or edit. */
function editsOf(name: string | undefined, tool: Record<string, unknown>): unknown {
  if (Array.isArray(tool.edits)) return tool.edits;
  if (name === "Write") return [{ old_string: "", new_string: tool.content ?? "" }];
  return [{ old_string: tool.old_string ?? "", new_string: tool.new_string ?? "" }];
}
