// The Cursor dialect: its events (lowerCamel, some of them another name for
// a canonical event on some tools), its tool names, its payloads both ways,
// its answers read by Cursor's rules and its results written as Cursor
// reads them.

import type { HookInput } from "../../events/payload.ts";
import type { EventSenders } from "../shared/_later_event.ts";
import type { Dialect } from "../shared/types.ts";
import { cursorCommandEnv } from "./env.ts";
import { CURSOR_ALIASES, cursorInfo } from "./events.ts";
import { decodeCursorInput, encodeCursorInput } from "./input.ts";
import { decodeCursorOutput } from "./output.ts";
import { encodeCursorExit, encodeCursorResult } from "./result.ts";
import { CURSOR_TOOLS } from "./tools.ts";

/**
 * What a Cursor matcher tests on `input`, where it is not the tool type:
 * the command text on the shell events, a fixed word on beforeReadFile
 * (`Read`) and afterFileEdit (`Write`).
 */
function matchSubject(input: HookInput, wireEvent?: string): string | undefined {
  if (wireEvent === "beforeShellExecution" || wireEvent === "afterShellExecution") {
    const command = input.toolInput?.command;
    return typeof command === "string" ? command : "";
  }
  return wireEvent === undefined ? undefined : cursorInfo(input.event, wireEvent)?.subject;
}

/** The Cursor dialect, telling the events other agents send (`senders`) from Cursor's own. */
export function cursorDialect(senders: EventSenders): Dialect {
  return Object.freeze<Dialect>({
    name: "cursor",
    matcherKind: "claude",
    matcherScope: "fields",
    contextSeparator: "\n",
    // Cursor starts every matching hook of an event at once.
    concurrent: true,
    // Cursor adds events between releases (as it added its Tab events), named in camelCase.
    acceptsUnknownEvents: true,
    eventNameCase: "camelCase",
    // Cursor runs each hook's command through a shell, whatever it names.
    runsAnyCommand: true,
    // The gateway's notes go in user_message, which Cursor shows on some events only.
    notesInResult: true,
    tools: CURSOR_TOOLS,
    aliases: CURSOR_ALIASES,
    encodeInput: encodeCursorInput,
    decodeInput: (value) => decodeCursorInput(value, senders),
    decodeOutput: decodeCursorOutput,
    encodeResult: encodeCursorResult,
    encodeExit: encodeCursorExit,
    matchSubject,
    // Cursor substitutes nothing in a command: the shell expands $CURSOR_PROJECT_DIR from the environment.
    commandEnv: cursorCommandEnv,
  });
}
