// Where the CLI writes, and whether it may use colour: only on a terminal,
// and never when NO_COLOR is set (https://no-color.org).

/** The CLI's side effects, injectable for embedding. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The bytes on standard input, read only for `--input -`. */
  stdin(): ReadableStream<Uint8Array>;
  color: boolean;
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
    stdin: () => Deno.stdin.readable,
    color: !noColor && Deno.stdout.isTerminal(),
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

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

/** Wraps `text` in an ANSI colour when colour is on. */
export function paint(io: CliIo, color: keyof typeof CODES, text: string): string {
  return io.color ? `\x1b[${CODES[color]}m${text}\x1b[0m` : text;
}

/** Pads columns into an aligned table (no colour inside cells). */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => widths[i] = Math.max(widths[i] ?? 0, cell.length));
  return rows.map((row) => row.map((cell, i) => i === row.length - 1 ? cell : cell.padEnd(widths[i]!)).join("  "))
    .join("\n") + "\n";
}
