// One Claude Code hook call, whatever carries it — hook-run gateway's stdin
// or hook-run serve's HTTP body: the event read from its JSON, the run
// environment it gives, the host both front ends open, and the answer in
// Claude's output format. Both answer the same call with the same bytes.

import {
  type AsyncHookCall,
  formatDiagnostic,
  HOOK_EVENTS,
  HookConfigError,
  type HookEvent,
  type HookEventResult,
  type HookHost,
  type HookInvocationRecord,
  isHookEvent,
  type Logger,
  openHookHost,
  type PreToolUseEnv,
  type ProjectTrust,
} from "../../mod.ts";
import { type DecodedInput, dialectOf } from "../dialects/mod.ts";
import type { CommonFlags } from "./_args.ts";
import { readEnv } from "./_env.ts";
import { type CliIo, printable } from "./_io.ts";
import { skippedSummary, trustCommandLine } from "./_trust.ts";

const claude = dialectOf("claude");

/**
 * A call that cannot be read. `event` is set when the JSON named an event
 * hookgate models (its other fields were wrong): the caller may then answer
 * for that event.
 */
export class ClaudeCallError extends Error {
  readonly event: HookEvent | undefined;

  constructor(message: string, event?: HookEvent) {
    super(message);
    this.name = "ClaudeCallError";
    this.event = event;
  }
}

/**
 * Reads one Claude hook event from JSON text; `where` names the text in
 * messages ("stdin", "the body"). An event hookgate does not know (one
 * Claude added later) is read too: its hooks, if any, run under the row
 * for unknown events.
 */
export function readClaudeCall(text: string, where: string): DecodedInput {
  let wire: unknown;
  try {
    wire = JSON.parse(text);
  } catch (error) {
    throw new ClaudeCallError(`${where} is not JSON: ${(error as Error).message}`);
  }
  try {
    return claude.decodeInput(wire);
  } catch (error) {
    const name = (wire as { hook_event_name?: unknown }).hook_event_name;
    throw new ClaudeCallError(
      `${where} is not a Claude hook event: ${(error as Error).message}`,
      typeof name === "string" && isHookEvent(name) ? name : undefined,
    );
  }
}

const NAMED = /"hook_event_name"\s*:\s*"([A-Za-z]+)"/g;

/**
 * The event the start of a body names, for answering a body that cannot be
 * read whole (too large, not JSON, cut short): an event that can block when
 * any "hook_event_name" there names one — a nested object could name
 * another, and the block is the answer that fails closed — else the first
 * modelled one, else `undefined`.
 */
export function claudeEventInPrefix(prefix: string): HookEvent | undefined {
  let first: HookEvent | undefined;
  for (const [, name] of prefix.matchAll(NAMED)) {
    if (!isHookEvent(name!)) continue;
    if (HOOK_EVENTS[name].canBlock) return name;
    first ??= name;
  }
  return first;
}

/** The run environment a Claude payload gives (the caller adds its signal); `cwd` when the payload has none. */
export function claudeRunEnv(decoded: DecodedInput, cwd: string): Omit<PreToolUseEnv, "signal"> {
  return {
    cwd: decoded.cwd ?? cwd,
    ...(decoded.sessionId ? { sessionId: decoded.sessionId } : {}),
    ...(decoded.transcriptPath ? { transcriptPath: decoded.transcriptPath } : {}),
    ...(decoded.permissionMode ? { permissionMode: decoded.permissionMode } : {}),
    // Claude counts its own loop and caps it (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP):
    // its flag reaches the hooks as it is, and no cap of hookgate's cuts a
    // loop Claude allows. A payload without the flag leaves it to the runner.
    ...(decoded.stopHookActive === undefined
      ? {}
      : { stopHookActive: decoded.stopHookActive, stopLoop: "agent" as const }),
  };
}

/** What the host of a Claude front end needs besides the flags. */
export interface ClaudeHostOptions {
  logger: Logger;
  onInvocation?: (record: HookInvocationRecord) => void;
  /** Hot reload, for a long-running front end. */
  watch?: boolean;
  /** Take each call's async hooks, to run them elsewhere (a front end that ends with each call). */
  handOffAsyncHooks?: (call: AsyncHookCall) => void;
}

/**
 * Opens the host a Claude front end runs events through: every layer and
 * `--config`, `--extension`, hooks that die with this process, and
 * HOOKGATE_TRUST_PROJECT=1 trusting the project. Claude Code is the
 * caller: the hooks of its own settings files are left out, since Claude
 * runs them itself.
 *
 * A configuration with errors still opens: its good hooks run, and its
 * broken entries are placeholders (see `openHookHost`).
 *
 * @throws {HookConfigError} When an extension module cannot be loaded.
 */
export function openClaudeHost(flags: CommonFlags, projectRoot: string, options: ClaudeHostOptions): Promise<HookHost> {
  return openHookHost({
    paths: flags.config,
    ...(flags.plugins.length > 0 ? { plugins: flags.plugins } : {}),
    extensions: flags.extensions,
    projectRoot,
    caller: "claude",
    logger: options.logger,
    ...(options.onInvocation ? { onInvocation: options.onInvocation } : {}),
    ...(options.watch ? { watch: true } : {}),
    ...(options.handOffAsyncHooks ? { handOffAsyncHooks: options.handOffAsyncHooks } : {}),
    dieWithHost: true,
    ...(readEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {}),
  });
}

/**
 * Why a host could not be opened, in one line; a configuration's
 * diagnostics are written to stderr first, one a line.
 */
export function hostErrorMessage(error: unknown, projectRoot: string, io: CliIo): string {
  if (!(error instanceof HookConfigError)) return (error as Error).message;
  for (const diagnostic of error.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
  return `an extension module cannot be loaded (run "hook-run check --cwd ${projectRoot}"): ${
    error.message.split("\n")[0]
  }`;
}

/**
 * What of a call's hook failures the user sees, as Claude shows a hook's
 * non-blocking error: `<hook> hook error: <what happened>`. A failure whose
 * answer was still read as Claude reads it (plain text on stdout, a JSON
 * answer on a non-zero exit) is left out: Claude shows none of it, and the
 * failure is on stderr, which Claude keeps in its debug log.
 */
export function hookErrors(records: readonly HookInvocationRecord[]): string[] {
  return records.filter((record) => record.failure !== undefined && record.action === undefined)
    .map((record) => `${record.hookName} hook error: ${record.failure!.message}`);
}

/**
 * The exit code a command-hook front end ends with for a result (and the
 * stderr that goes with it): 2 and the reason where Claude reads a block
 * only from the exit code (TeammateIdle, TaskCompleted, WorktreeCreate),
 * else 0.
 */
export function claudeExit(event: HookEvent, result: HookEventResult): { code: number; stderr: string } {
  return claude.encodeExit?.(event, result) ?? { code: 0, stderr: "" };
}

/**
 * The answer to a call, as the text to send: the result in Claude's output
 * format, and what the user should know riding along as `systemMessage` —
 * `notes` (hook errors, a broken configuration) and a project whose hooks
 * were held back.
 */
export function claudeAnswer(
  event: HookEvent,
  result: HookEventResult,
  notes: readonly string[],
  project: ProjectTrust | undefined,
): string {
  const all = [...notes];
  if (project !== undefined && !project.trusted && project.skipped.length + project.skippedExtensions.length > 0) {
    all.push(
      `hookgate skipped ${skippedSummary(project)} of an untrusted project; review and trust them with: ${
        trustCommandLine(project.snapshot.root)
      }`,
    );
  }
  const answer = claude.encodeResult(event, result);
  if (all.length > 0) {
    answer.systemMessage = [answer.systemMessage, ...all].filter((text) => text !== undefined).join("\n");
  }
  return JSON.stringify(answer) + "\n";
}

/**
 * The answer that blocks `event` with `reason` (Claude's deny, or
 * `decision: "block"`): what a front end's own failure must be where the
 * event can block, never a silent allow. `undefined` where it cannot (or
 * Claude's format has no way to say so, as on PostCompact).
 */
export function blockingAnswer(event: HookEvent, reason: string): string | undefined {
  if (!isHookEvent(event) || !HOOK_EVENTS[event].canBlock) return undefined;
  const answer = claude.encodeResult(event, { block: true, reason });
  return Object.keys(answer).length === 0 ? undefined : JSON.stringify(answer) + "\n";
}
