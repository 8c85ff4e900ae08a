// A shell call as the policy reads it: its line parsed once for every rule
// (when the parser is loaded; otherwise a line nothing is known of, which
// every deny and ask rule catches and no allow rule covers), and the context
// structured rules judge it in.

import { type CommandTest, lineCaught, readShellLine } from "../matchers/bash_pattern.ts";
import { shellParserLoaded } from "../shell/mod.ts";
import type { ShellLine } from "../shell/types.ts";
import type { StructuredContext } from "./_structured.ts";
import { commandContext } from "./command_context.ts";
import type { PolicyCall } from "./types.ts";

/** A shell call: its line parsed once, and what structured rules judge it with. */
export class ShellCall {
  readonly call: PolicyCall;
  #line: ShellLine | undefined;
  #context: StructuredContext | undefined;

  constructor(call: PolicyCall, line: ShellLine | undefined) {
    this.call = call;
    this.#line = line;
  }

  get line(): ShellLine {
    if (this.#line !== undefined) return this.#line;
    const command = inputField(this.call, "command");
    return this.#line = typeof command === "string" && shellParserLoaded() ? readShellLine(command) : UNREADABLE_LINE;
  }

  /**
   * Whether a deny or ask rule's command test catches the line: some command
   * of it, or anything that cannot be read (as the rule reads it for an `if`).
   */
  caught(test: CommandTest): boolean {
    return lineCaught(this.line, test);
  }

  get context(): StructuredContext {
    return this.#context ??= commandContext(this.call);
  }
}

/** A line nothing is known of. */
const UNREADABLE_LINE: ShellLine = Object.freeze({
  commands: [],
  unreadable: true,
  reasons: ["the line was not parsed"],
});

export function inputField(call: PolicyCall, key: string): unknown {
  const input = call.toolInput;
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
}
