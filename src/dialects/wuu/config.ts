// The Wuu dialect's configuration entries (Wuu-style): `timeout` in seconds
// (omitted or not positive means 30), one exact case-insensitive matcher,
// command and prompt hooks; every other key of the file is the host's.

import { MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import { durationText } from "../../_internal/text.ts";
import { isPlainObject } from "../../_internal/json.ts";
import { keysOf, number, type ObjectShape, oneOf, optional, strictObject, string } from "../../_internal/shape.ts";
import type { ConfiguredHook, ShellHook } from "../../events/configured.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { openEntry } from "../shared/_broken_entry.ts";

/** A Wuu configured hook. */
export const WUU_ENTRY: ObjectShape = strictObject({
  matcher: optional(string()),
  type: optional(oneOf(["command", "prompt"])),
  command: optional(string(1)),
  prompt: optional(string(1)),
  model: optional(string(1)),
  timeout: optional(number()),
});

/** Wuu's contract: "omitted or nonpositive means 30" (seconds). */
const WUU_DEFAULT_TIMEOUT_MS = 30_000;

/** Every key a Wuu entry may have. */
export const WUU_KEYS: readonly string[] = keysOf(WUU_ENTRY);

/** An entry that passed the check of {@linkcode WUU_ENTRY}. */
interface WuuEntry {
  matcher?: string;
  type?: "command" | "prompt";
  command?: string;
  prompt?: string;
  model?: string;
  timeout?: number;
}

/** The Wuu dialect's configuration side. */
export const WUU_CONFIG: DialectConfig = Object.freeze<DialectConfig>({
  name: "wuu",
  label: "Wuu",
  markers: new Set(["timeout"]),
  strictTop: false,
  securityLists: {},
  models: true,
  entries(event, value, path, context) {
    if (!isPlainObject(value)) {
      context.error(path, "each hook must be an object", '{"command": "…"}');
      return [];
    }
    if (!context.check(WUU_ENTRY, value, path, WUU_KEYS)) return [];
    const e = value as WuuEntry;
    const hook = e.type === "prompt" ? wuuPrompt(e, path, context) : wuuCommand(e, path, context);
    return hook !== null && context.common(event, hook as unknown as Record<string, unknown>, path) ? [hook] : [];
  },
  // Wuu hooks have no failure policy: a broken one could only have failed open.
  broken: (value) => openEntry(value, "wuu"),
});

function wuuCommand(e: WuuEntry, path: JsonPath, context: EntryContext): ConfiguredHook | null {
  if (e.model !== undefined) {
    context.error([...path, "model"], '"model" only applies to "type": "prompt" hooks', undefined, true);
    return null;
  }
  if (e.command === undefined) {
    context.error(path, 'a Wuu command hook needs a "command"');
    return null;
  }
  if (e.prompt !== undefined) {
    context.error([...path, "prompt"], '"prompt" only applies to "type": "prompt" hooks', undefined, true);
    return null;
  }
  if (e.command.includes("\0")) {
    // Caught here, where the file can say where it is, not when the hook runs.
    context.error(
      [...path, "command"],
      '"command" must not contain a NUL character (\\u0000)',
      "a process gets its command line and environment as C strings, which end at the first NUL",
    );
    return null;
  }
  const hook: ShellHook = { command: e.command, dialect: "wuu", timeoutMs: wuuTimeout(e.timeout, path, context) };
  if (e.matcher !== undefined) {
    if (e.matcher.includes("|")) {
      context.warning(
        [...path, "matcher"],
        `Wuu matchers are one exact tool name; "${e.matcher}" is read as a list of names here`,
      );
    }
    hook.matcher = e.matcher;
  }
  return context.command(hook, path) ? hook : null;
}

function wuuPrompt(e: WuuEntry, path: JsonPath, context: EntryContext): ConfiguredHook | null {
  if (e.command !== undefined) {
    context.error([...path, "command"], '"command" does not apply to a prompt hook', undefined, true);
    return null;
  }
  if (e.prompt === undefined) {
    context.error(path, 'a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)');
    return null;
  }
  return {
    type: "prompt",
    prompt: e.prompt,
    dialect: "wuu",
    timeoutMs: wuuTimeout(e.timeout, path, context),
    ...(e.model === undefined ? {} : { model: e.model }),
    ...(e.matcher === undefined ? {} : { matcher: e.matcher }),
  };
}

/** Wuu timeouts are seconds; omitted or not positive means 30 s. */
function wuuTimeout(seconds: number | undefined, path: JsonPath, context: EntryContext): number {
  if (seconds === undefined || seconds <= 0) return WUU_DEFAULT_TIMEOUT_MS;
  if (seconds >= 1000) {
    context.warning(
      [...path, "timeout"],
      `"timeout" is ${seconds} seconds (${
        durationText(seconds)
      }), almost surely milliseconds written as seconds; it is capped at 10 minutes`,
      `Wuu timeouts are in seconds: write ${Math.max(1, Math.round(seconds / 1000))} for ${seconds} ms`,
    );
  } else if (seconds > 600) {
    context.warning(
      [...path, "timeout"],
      `"timeout" is ${seconds} seconds (${durationText(seconds)}); the longest is 10 minutes, so it is capped`,
    );
  }
  return Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.round(seconds * 1000)));
}
