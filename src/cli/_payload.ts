// From flags to an event run: the event name, the working directory, and
// the payload fields built from --tool, --input and --prompt.

import { HOOK_EVENT_NAMES, HOOK_EVENTS, type HookEvent, type HookEventFields, parseHookEvent } from "../../mod.ts";
import { CliError, type CliIo } from "./_io.ts";

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
  if (prompt !== undefined && event !== "UserPromptSubmit") {
    throw new CliError(`--prompt only applies to UserPromptSubmit`);
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
  return { ...(event === "UserPromptSubmit" ? { prompt: prompt ?? "" } : {}), ...input } as HookEventFields;
}

/** `--input`: JSON text, `@file` or `-` (stdin), as an object. */
export async function readInput(value: string, io: CliIo): Promise<Record<string, unknown>> {
  let text: string;
  let where = "--input";
  if (value === "-") {
    text = await io.readStdin();
    where = "--input from stdin";
  } else if (value.startsWith("@")) {
    const path = value.slice(1);
    where = `--input file "${path}"`;
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
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
