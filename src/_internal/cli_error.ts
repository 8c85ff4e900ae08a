// The error every front end's refusal is: the command line prints its
// message alone, as one line, and exits 1 (2 for the gateway), with no
// stack. Thrown by the CLI's commands and by what they run (the installer,
// the server's start); anything else that reaches the command line is
// printed with its class name, as a failure that was not foreseen.

/** A usage or input error: one line on stderr, exit code 1, no stack. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}
