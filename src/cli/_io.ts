// Where the CLI writes, and whether it may use colour: only on a terminal,
// and never when NO_COLOR is set (https://no-color.org).

/**
 * Bytes the CLI reads, `Deno.stdin` or a `Deno.FsFile`: read directly, not
 * through a `ReadableStream`, whose first use costs the gateway (started
 * per tool call) about 3 ms.
 */
export interface ByteSource {
  /** Reads into `buffer`: the number of bytes read, or `null` at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
}

/** The CLI's side effects, injectable for embedding. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard input, read only for `--input -`, the gateway's event and trust's question. */
  stdin(): ByteSource;
  /** Whether standard input is a terminal a person can answer a question on. */
  interactive: boolean;
  color: boolean;
  /** Whether standard error is a terminal, where a progress line may be redrawn. */
  progress?: boolean;
}

/** The process's own streams. */
export function processIo(): CliIo {
  const encoder = new TextEncoder();
  let noColor = false;
  try {
    noColor = (Deno.env.get("NO_COLOR") ?? "") !== "";
  } catch {
    noColor = true;
  }
  return {
    stdout: (text) => void Deno.stdout.writeSync(encoder.encode(text)),
    stderr: (text) => void Deno.stderr.writeSync(encoder.encode(text)),
    stdin: () => Deno.stdin,
    interactive: Deno.stdin.isTerminal(),
    color: !noColor && Deno.stdout.isTerminal(),
    progress: Deno.stderr.isTerminal(),
  };
}

/** A usage or input error: one line on stderr, exit code 1, no stack. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

/** The error for a stray positional argument. */
export function unexpected(command: string, argument: string): CliError {
  return new CliError(`unexpected argument "${argument}" for "${command}" (use --config PATH for files)`);
}

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
 * through here; colour comes after, from `paint()`. `--json` output is not
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

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

/** Wraps `text` in an ANSI colour when colour is on. */
export function paint(io: CliIo, color: keyof typeof CODES, text: string): string {
  return io.color ? `\x1b[${CODES[color]}m${text}\x1b[0m` : text;
}

/** Pads columns into an aligned table (no colour inside cells; cells are made printable). */
export function table(cells: string[][]): string {
  const rows = cells.map((row) => row.map(printable));
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => widths[i] = Math.max(widths[i] ?? 0, cell.length));
  return rows.map((row) => row.map((cell, i) => i === row.length - 1 ? cell : cell.padEnd(widths[i]!)).join("  "))
    .join("\n") + "\n";
}
