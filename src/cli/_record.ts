// --record FILE on run and gateway: append each event they run, as one line
// of hookgate's trace format, so hook-run replay can run it again later.

import type { AnyHookEventFields } from "../../mod.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { absolutePath } from "./_path.ts";

/** The record file, checked before anything runs: a missing --allow-write is an error with the flag. */
export async function recordFile(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  if (path === "") throw new CliError("--record needs a file path");
  const absolute = await absolutePath(path);
  if (Deno.permissions.querySync({ name: "write", path: absolute }).state !== "granted") {
    throw new CliError(
      `cannot record to ${printable(absolute)}: Deno's --allow-write does not include it; add --allow-write=${
        printable(absolute)
      } (a launcher built with --least-privilege may write only to the hookgate home)`,
    );
  }
  return absolute;
}

/** Appends one trace line; a failure is a warning, never a reason to change the decision. */
export async function recordEvent(
  io: CliIo,
  file: string | undefined,
  event: string,
  fields: AnyHookEventFields,
  env: { cwd?: string; sessionId?: string },
): Promise<void> {
  if (file === undefined) return;
  try {
    // Loaded only when recording: run and gateway start once per tool call.
    const { traceLine } = await import("../replay/mod.ts");
    // 0600, like serve's: a recorded event holds the tool's input and the prompt.
    await Deno.writeTextFile(file, JSON.stringify(traceLine(event, fields, env)) + "\n", {
      append: true,
      create: true,
      mode: 0o600,
    });
  } catch (error) {
    io.stderr(`hook-run: warning: could not record to ${printable(file)}: ${printable((error as Error).message)}\n`);
  }
}
