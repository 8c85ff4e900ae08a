// Reading payload fields from the wire: every field an event carries, with
// its type checked, named in the message when wrong. Shared by the
// dialects' decodeInput.

import { describe, isPlainObject, setOwn } from "../../_internal/json.ts";
import type { AnyHookEventFields, HookEvent } from "../../events/event_map.ts";
import { HOOK_EVENTS, type HookPayloadField } from "../../events/table.ts";

const STRING_FIELDS = new Set<HookPayloadField>([
  "toolName",
  "toolUseId",
  "source",
  "error",
  "prompt",
  "filePath",
  "compactReason",
  "compactSummary",
  "agentId",
  "agentType",
  "endReason",
  "setupReason",
  "loadReason",
  "memoryType",
  "commandName",
  "denialReason",
  "message",
  "title",
  "notificationType",
  "taskId",
  "taskSubject",
  "teammateName",
  "oldCwd",
  "newCwd",
  "directory",
  "worktreePath",
  "mcpServerName",
]);

/**
 * Native payload field → its snake_case wire name (Wuu's names; Claude's
 * differ in two, which it overrides).
 */
export const SNAKE_CASE_NAMES: Readonly<Record<HookPayloadField, string>> = Object.freeze({
  toolName: "tool_name",
  toolInput: "tool_input",
  toolUseId: "tool_use_id",
  toolResult: "tool_response",
  error: "error",
  prompt: "prompt",
  filePath: "file_path",
  compactReason: "compact_reason",
  compactSummary: "compact_summary",
  agentId: "agent_id",
  agentType: "agent_type",
  endReason: "end_reason",
  stopHookActive: "stop_hook_active",
  source: "source",
  setupReason: "setup_reason",
  loadReason: "load_reason",
  memoryType: "memory_type",
  commandName: "command_name",
  denialReason: "denial_reason",
  message: "message",
  title: "title",
  notificationType: "notification_type",
  taskId: "task_id",
  taskSubject: "task_subject",
  teammateName: "teammate_name",
  oldCwd: "old_cwd",
  newCwd: "new_cwd",
  directory: "directory",
  worktreePath: "worktree_path",
  mcpServerName: "mcp_server_name",
});

/**
 * Checks and copies the fields `event` carries from `read(field)` (which
 * maps a native field name to the wire value). Fields the runner fills in
 * (`stopHookActive`) are never taken from the wire.
 *
 * @throws {TypeError} When a field has the wrong type, or a tool event has
 * no tool name.
 */
export function readFields(
  event: HookEvent,
  read: (field: HookPayloadField) => unknown,
  wireName: (field: HookPayloadField) => string,
): AnyHookEventFields {
  const info = HOOK_EVENTS[event];
  const fields: Record<string, unknown> = {};
  for (const field of info.fields) {
    if (field === "stopHookActive") continue;
    const value = read(field);
    if (value === undefined || value === null) continue;
    const name = wireName(field);
    if (STRING_FIELDS.has(field)) {
      if (typeof value !== "string") throw new TypeError(`"${name}" must be a string, got ${describe(value)}`);
    } else if (field === "toolInput") {
      if (!isPlainObject(value)) throw new TypeError(`"${name}" must be a JSON object, got ${describe(value)}`);
    } else if (field === "toolResult") {
      if (!isPlainObject(value) || typeof value.isError !== "boolean") {
        throw new TypeError(`"${name}" must be an object {content, isError}`);
      }
    }
    fields[field] = value;
  }
  if (info.toolEvent && typeof fields.toolName !== "string") {
    throw new TypeError(`${event} needs "${wireName("toolName")}"`);
  }
  return fields as AnyHookEventFields;
}

/** Reads an optional string property, or throws naming it. */
export function optionalString(value: Record<string, unknown>, key: string): string | undefined {
  const found = value[key];
  if (found === undefined || found === null) return undefined;
  if (typeof found !== "string") throw new TypeError(`"${key}" must be a string, got ${describe(found)}`);
  return found;
}

/**
 * The end of a snake_case agent's decodeInput: its loop flag
 * `stop_hook_active` where the event has the Stop loop guard, then every
 * key not `read` into `fields.extra`, as the agent sent it.
 */
export function readLoopFlagAndExtra(
  value: Record<string, unknown>,
  loopGuard: boolean,
  read: Set<string>,
  decoded: { stopHookActive?: boolean; fields: { extra?: Record<string, unknown> } },
): void {
  const active = value.stop_hook_active;
  if (loopGuard && active !== undefined && active !== null) {
    if (typeof active !== "boolean") throw new TypeError('"stop_hook_active" must be a boolean');
    decoded.stopHookActive = active;
    read.add("stop_hook_active");
  }
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!read.has(key)) setOwn(extra ??= {}, key, value[key]);
  }
  if (extra !== undefined) decoded.fields.extra = extra;
}
