// From flags to an event run: the event name, the working directory, and
// the payload fields built from --tool, --input and --prompt.

import {
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookEvent,
  type HookEventFields,
  type HookPayloadField,
  parseHookEvent,
} from "../../mod.ts";
import { CliError } from "../_internal/cli_error.ts";
import { MAX_INPUT_BYTES } from "../_internal/limits.ts";
import type { ByteSource, CliIo } from "../_internal/cli_io.ts";

/** The one positional argument: the event. */
export function parseEvent(positionals: string[]): HookEvent {
  const [name, ...rest] = positionals;
  if (name === undefined) throw new CliError(`missing the event to run (one of ${HOOK_EVENT_NAMES.join(", ")})`);
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" (flags start with --)`);
  try {
    return parseHookEvent(name);
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^Unknown hook event/, "unknown event"));
  }
}

/** `--cwd` as a real directory (the current one by default). */
export async function workingDirectory(cwd: string | undefined): Promise<string> {
  if (cwd === undefined) return Deno.cwd();
  try {
    const info = await Deno.stat(cwd);
    if (!info.isDirectory) throw new CliError(`--cwd "${cwd}" is not a directory`);
    return await Deno.realPath(cwd);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`--cwd "${cwd}" does not exist or cannot be read`);
  }
}

/** The payload fields from --tool, --input and --prompt. */
export async function payloadFields(
  event: HookEvent,
  values: Record<string, unknown>,
  io: CliIo,
): Promise<HookEventFields> {
  const info = HOOK_EVENTS[event];
  const tool = values.tool as string | undefined;
  if (info.toolEvent && (tool === undefined || tool === "")) throw new CliError(`${event} needs --tool NAME`);
  if (!info.toolEvent && tool !== undefined) throw new CliError(`--tool does not apply to ${event}: it has no tool`);
  const prompt = values.prompt as string | undefined;
  if (prompt !== undefined && !info.fields.includes("prompt")) {
    throw new CliError(`--prompt only applies to UserPromptSubmit and UserPromptExpansion`);
  }
  const input = values.input === undefined ? {} : await readInput(values.input as string, io);
  if (info.toolEvent) {
    return {
      toolName: tool!,
      toolInput: input,
      ...(event === "PostToolUse" ? { toolResult: { content: "", isError: false } } : {}),
      ...(event === "PostToolUseFailure" ? { error: "" } : {}),
    };
  }
  checkFields(event, input);
  if (prompt !== undefined && Object.hasOwn(input, "prompt")) {
    throw new CliError(`--input and --prompt both set "prompt"; use one of them`);
  }
  return { ...(info.fields.includes("prompt") ? { prompt: prompt ?? "" } : {}), ...input } as HookEventFields;
}

/**
 * What the runner sets on every payload, and the fix to suggest instead. A
 * caller who could set these would run hooks as another event, in another
 * directory (around the --cwd check) or in another session; the loop guard
 * alone knows whether a Stop hook already blocked.
 */
const RUNNER_FIELDS: Readonly<Record<string, string>> = {
  event: "name the event as the argument of hook-run run",
  cwd: "use --cwd DIR",
  sessionId: "leave it out",
  stopHookActive: "leave it out",
};

/**
 * How --input may give each payload field of an event without a tool
 * (tool events take --input as the tool input instead). A record over every
 * field, so a new field cannot be added without deciding here.
 */
const FIELD_KINDS: Readonly<Record<HookPayloadField, "string" | "runner" | "tool">> = {
  toolName: "tool",
  toolInput: "tool",
  toolUseId: "tool",
  toolResult: "tool",
  // A failed tool's error comes with the tool; StopFailure's is set like any other field.
  error: "string",
  prompt: "string",
  filePath: "string",
  compactReason: "string",
  compactSummary: "string",
  agentId: "string",
  agentType: "string",
  endReason: "string",
  source: "string",
  stopHookActive: "runner",
  setupReason: "string",
  loadReason: "string",
  memoryType: "string",
  commandName: "string",
  denialReason: "string",
  message: "string",
  title: "string",
  notificationType: "string",
  taskId: "string",
  taskSubject: "string",
  teammateName: "string",
  oldCwd: "string",
  newCwd: "string",
  directory: "string",
  worktreePath: "string",
  mcpServerName: "string",
};

/** Refuses --input keys that are not the event's own, settable fields, or have the wrong type. */
function checkFields(event: HookEvent, input: Record<string, unknown>): void {
  const own = HOOK_EVENTS[event].fields.filter((field) => FIELD_KINDS[field] === "string");
  for (const [key, value] of Object.entries(input)) {
    const name = JSON.stringify(key);
    if (Object.hasOwn(RUNNER_FIELDS, key)) {
      throw new CliError(`--input may not set ${name} for ${event}: the runner sets it; ${RUNNER_FIELDS[key]}`);
    }
    if (!(own as string[]).includes(key)) {
      const fields = own.length ? `its fields: ${own.join(", ")}` : "it has none you can set";
      throw new CliError(`--input field ${name} is not a field of ${event} (${fields}); leave it out`);
    }
    if (typeof value !== "string") throw new CliError(`--input field ${name} must be a string, got ${kind(value)}`);
  }
}

/** A JSON value's type in words, never its contents. */
function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** `--input`: JSON text, `@file` or `-` (stdin), as an object. */
export async function readInput(value: string, io: CliIo): Promise<Record<string, unknown>> {
  let text: string;
  let where = "--input";
  if (value === "-") {
    where = "--input from stdin";
    text = await readCapped(io.stdin(), where);
  } else if (value.startsWith("@")) {
    const path = value.slice(1);
    where = `--input file "${path}"`;
    try {
      using file = await Deno.open(path);
      text = await readCapped(file, where);
    } catch (error) {
      if (error instanceof CliError) throw error;
      const reason = error instanceof Deno.errors.NotFound ? "it does not exist" : (error as Error).message;
      throw new CliError(`cannot read ${where}: ${reason}`);
    }
  } else {
    text = value;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CliError(`${where} must be a JSON object, like '{"command": "ls"}'`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Reads a source as text, at most {@linkcode MAX_INPUT_BYTES}; past that one
 * clear line (`advice` says what to do) and no more is read, so an endless
 * source (a file like /dev/zero, a pipe that keeps writing) stops there.
 * Every read goes into one buffer and what it gave is copied out, so a
 * source that gives a byte at a time holds about its size, not a buffer per
 * read.
 */
export async function readCapped(
  source: ByteSource,
  where: string,
  advice = "pass only the fields the hooks need",
): Promise<string> {
  const buffer = new Uint8Array(64 * 1024);
  let bytes = new Uint8Array(0);
  let size = 0;
  for (;;) {
    const read = await source.read(buffer);
    if (read === null) break;
    if (size + read > MAX_INPUT_BYTES) {
      throw new CliError(
        `${where} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; ${advice}`,
      );
    }
    if (size + read > bytes.length) {
      const grown = new Uint8Array(Math.min(MAX_INPUT_BYTES, Math.max(size + read, bytes.length * 2)));
      grown.set(bytes.subarray(0, size));
      bytes = grown;
    }
    bytes.set(buffer.subarray(0, read), size);
    size += read;
  }
  return new TextDecoder().decode(bytes.subarray(0, size));
}
