// Where the CLI writes, and whether it may use colour: only on a terminal,
// and never when NO_COLOR is set (https://no-color.org). Text from outside is
// made printable first (src/_internal/printable.ts); what a command reads and
// writes through is a CliIo (src/_internal/cli_io.ts).

import { CliError } from "../_internal/cli_error.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { printable } from "../_internal/printable.ts";

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

/** The error for a stray positional argument. */
export function unexpected(command: string, argument: string): CliError {
  return new CliError(`unexpected argument "${argument}" for "${command}" (use --config PATH for files)`);
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
