// Text from outside (hook names, hook output, config values, flags, paths)
// made safe to print on a terminal, for every front end: the CLI's output,
// the server's and the installer's messages, the answers' notes.

/**
 * Control characters a terminal may act on: C0 (ESC starts clear-screen or
 * set-title sequences, BEL ends them, CR overwrites a line), DEL, C1 (0x9b
 * is a one-byte CSI), and the bidirectional controls that reorder what a
 * reader sees.
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Makes text from outside (hook names, hook output, config values, flags,
 * paths) safe to print: every control character becomes a visible `\uXXXX`
 * escape (`\u001b` for ESC, as JSON writes it), so the reader sees what was
 * there and the terminal acts on none of it. Every human print path goes
 * through here; colour comes after (the CLI's `paint()`). `--json` output is not
 * touched: it stays exact.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Like `printable`, for values that may span lines (a block reason, a
 * context): line breaks stay, and each following line is indented, so
 * nothing a hook prints can pass for a line of hook-run's own.
 */
export function printableLines(text: string, indent = "  "): string {
  return text.split("\n").map(printable).join(`\n${indent}`);
}
