// What a front end reads and writes through: the process's own streams for
// the command line, or a host's own when it embeds a command. The server
// and the installer say what they do through the same one.

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
