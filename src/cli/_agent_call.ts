// One agent's hook call, whatever carries it — hook-run gateway's stdin or
// hook-run serve's HTTP body: the event read from its JSON in the agent's
// dialect, the run environment it gives, the host both front ends open (for
// that agent as the caller), and the answer in the agent's output format.
// Both answer the same call with the same bytes. The agents are the rows of
// AGENT_FILES: a row's dialect is all a new agent needs here.

import {
  AGENT_FILES,
  AGENT_LABELS,
  AGENTS,
  type AsyncHookCall,
  formatDiagnostic,
  HOOK_EVENTS,
  type HookAgent,
  HookConfigError,
  type HookEvent,
  type HookEventResult,
  type HookHost,
  type HookInvocationRecord,
  isHookEvent,
  type Logger,
  openHookHost,
  parseAgent,
  type PreToolUseEnv,
  type ProjectTrust,
} from "../../mod.ts";
import { type DecodedInput, type Dialect, dialectEvent, dialectOf } from "../dialects/mod.ts";
import type { CommonFlags } from "./_args.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "./_io.ts";
import { skippedSummary, trustCommandLine } from "./_trust.ts";

/** The agent a front end answers: its name, its label and its dialect. */
export interface Agent {
  readonly name: HookAgent;
  readonly label: string;
  readonly dialect: Dialect;
  /** The variable that names the project directory to its hooks, when it sets one. */
  readonly projectDirVar: string | undefined;
}

/** Claude Code, the default agent of both front ends. */
export const CLAUDE_AGENT: Agent = agentOf("claude")!;

/**
 * The agent of a name (`--agent`, `?agent=`): a row of AGENT_FILES, or
 * `undefined`.
 */
export function agentOf(name: string): Agent | undefined {
  const agent = parseAgent(name);
  if (agent === undefined) return undefined;
  const files = AGENT_FILES[agent]!;
  return {
    name: agent,
    label: AGENT_LABELS[agent],
    dialect: dialectOf(files.dialect),
    projectDirVar: files.projectDirVar,
  };
}

/** Why an agent's name is refused, in one line. */
export function unknownAgent(name: string): string {
  return `unknown agent "${name}"; expected one of ${AGENTS.join(", ")}`;
}

/**
 * A call that cannot be read. `event` is set when the JSON named an event
 * hookgate models (its other fields were wrong): the caller may then answer
 * for that event.
 */
export class AgentCallError extends Error {
  readonly event: HookEvent | undefined;

  constructor(message: string, event?: HookEvent) {
    super(message);
    this.name = "AgentCallError";
    this.event = event;
  }
}

/**
 * Reads one of the agent's hook events from JSON text; `where` names the
 * text in messages ("stdin", "the body"). An event hookgate does not know
 * (one the agent added later) is read too: its hooks, if any, run under the
 * row for unknown events.
 */
export function readAgentCall(agent: Agent, text: string, where: string): DecodedInput {
  let wire: unknown;
  try {
    wire = JSON.parse(text);
  } catch (error) {
    throw new AgentCallError(`${where} is not JSON: ${(error as Error).message}`);
  }
  try {
    return agent.dialect.decodeInput(wire);
  } catch (error) {
    const name = (wire as { hook_event_name?: unknown } | null)?.hook_event_name;
    const event = typeof name === "string" ? agentEvent(agent, name)?.event : undefined;
    throw new AgentCallError(
      `${where} is not ${article(agent.label)} hook event: ${(error as Error).message}`,
      event !== undefined && isHookEvent(event) ? event : undefined,
    );
  }
}

/** The canonical event an agent means by an event name, or `undefined`. */
export function agentEvent(agent: Agent, name: string): { event: HookEvent; wireEvent?: string } | undefined {
  return dialectEvent(agent.dialect.name, name);
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`;
}

const NAMED = /"hook_event_name"\s*:\s*"([A-Za-z]+)"/g;

/**
 * The event the start of a body names, for answering a body that cannot be
 * read whole (too large, not JSON, cut short): an event that can block when
 * any "hook_event_name" there names one — a nested object could name
 * another, and the block is the answer that fails closed — else the first
 * modelled one, else `undefined`.
 */
export function eventInPrefix(agent: Agent, prefix: string): HookEvent | undefined {
  let first: HookEvent | undefined;
  for (const [, name] of prefix.matchAll(NAMED)) {
    const event = agentEvent(agent, name!)?.event;
    if (event === undefined || !isHookEvent(event)) continue;
    if (HOOK_EVENTS[event].canBlock) return event;
    first ??= event;
  }
  return first;
}

/** The run environment an agent's payload gives (the caller adds its signal); `cwd` when the payload has none. */
export function agentRunEnv(decoded: DecodedInput, cwd: string): Omit<PreToolUseEnv, "signal"> {
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

/** What the host of an agent's front end needs besides the flags. */
export interface AgentHostOptions {
  logger: Logger;
  onInvocation?: (record: HookInvocationRecord) => void;
  /** Hot reload, for a long-running front end. */
  watch?: boolean;
  /** With `watch`: after every reload that changed the hooks. */
  onReload?: () => void;
  /** With `watch`: after an edit that left the configuration with errors. */
  onReloadError?: () => void;
  /** Take each call's async hooks, to run them elsewhere (a front end that ends with each call). */
  handOffAsyncHooks?: (call: AsyncHookCall) => void;
  /** The agent's own project directory, when the project root was found above it (see `findProjectRoot`). */
  callerProjectDir?: string;
}

/**
 * Opens the host an agent's front end runs events through: every layer and
 * `--config`, `--extension`, hooks that die with this process, and
 * HOOKGATE_TRUST_PROJECT=1 trusting the project. The agent is the caller:
 * the hooks of its own settings files are left out, since it runs them
 * itself.
 *
 * A configuration with errors still opens: its good hooks run, and its
 * broken entries are placeholders (see `openHookHost`).
 *
 * @throws {HookConfigError} When an extension module cannot be loaded.
 */
export function openAgentHost(
  agent: Agent,
  flags: CommonFlags,
  projectRoot: string,
  options: AgentHostOptions,
): Promise<HookHost> {
  return openHookHost({
    paths: flags.config,
    ...(flags.plugins.length > 0 ? { plugins: flags.plugins } : {}),
    extensions: flags.extensions,
    projectRoot,
    caller: agent.name,
    ...(options.callerProjectDir !== undefined && options.callerProjectDir !== projectRoot
      ? { callerProjectDir: options.callerProjectDir }
      : {}),
    logger: options.logger,
    ...(options.onInvocation ? { onInvocation: options.onInvocation } : {}),
    ...(options.watch ? { watch: true } : {}),
    ...(options.onReload ? { onReload: options.onReload } : {}),
    ...(options.onReloadError ? { onReloadError: options.onReloadError } : {}),
    ...(options.handOffAsyncHooks ? { handOffAsyncHooks: options.handOffAsyncHooks } : {}),
    dieWithHost: true,
    ...(readGrantedEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {}),
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
 * stderr that goes with it): what the agent's dialect says (Claude: 2 and
 * the reason where it reads a block only from the exit code —
 * TeammateIdle, TaskCompleted, WorktreeCreate), else 0. `notes` and
 * `project` are the answer's ({@linkcode agentAnswer}).
 */
export function agentExit(
  agent: Agent,
  event: HookEvent,
  result: HookEventResult,
  call: DecodedInput,
  notes: readonly string[] = [],
  project?: ProjectTrust,
): { code: number; stderr: string } {
  const shown = agent.dialect.notesInResult === true ? withNotes(result, answerNotes(notes, project)) : result;
  return agent.dialect.encodeExit?.(event, shown, call) ?? { code: 0, stderr: "" };
}

/**
 * The answer to a call, as the text to send: the result in the agent's
 * output format, and what the user should know riding along as
 * `systemMessage` — `notes` (hook errors, a broken configuration) and a
 * project whose hooks were held back. A dialect that says messages in its
 * own terms (`notesInResult`) gets them as the result's `systemMessage`.
 */
export function agentAnswer(
  agent: Agent,
  call: DecodedInput,
  event: HookEvent,
  result: HookEventResult,
  notes: readonly string[],
  project: ProjectTrust | undefined,
): string {
  const all = answerNotes(notes, project);
  if (agent.dialect.notesInResult === true) {
    return JSON.stringify(agent.dialect.encodeResult(event, withNotes(result, all), call)) + "\n";
  }
  const answer = agent.dialect.encodeResult(event, result, call);
  if (all.length > 0) {
    answer.systemMessage = [answer.systemMessage, ...all].filter((text) => text !== undefined).join("\n");
  }
  return JSON.stringify(answer) + "\n";
}

/** What the user should know of a call: `notes`, and a project whose hooks were held back. */
function answerNotes(notes: readonly string[], project: ProjectTrust | undefined): string[] {
  const all = [...notes];
  if (project !== undefined && !project.trusted && project.skipped.length + project.skippedExtensions.length > 0) {
    all.push(
      `hookgate skipped ${skippedSummary(project)} of an untrusted project; review and trust them with: ${
        trustCommandLine(project.snapshot.root)
      }`,
    );
  }
  return all;
}

/** `result` with `notes` after its own `systemMessage`. */
function withNotes(result: HookEventResult, notes: readonly string[]): HookEventResult {
  if (notes.length === 0) return result;
  const own = (result as { systemMessage?: string }).systemMessage;
  return { ...result, systemMessage: [own, ...notes].filter((text) => text !== undefined).join("\n") };
}

/**
 * The answer that blocks `event` with `reason` in the agent's format
 * (Claude's deny, or `decision: "block"`): what a front end's own failure
 * must be where the event can block, never a silent allow. `undefined`
 * where it cannot (or the format has no way to say so, as Claude's on
 * PostCompact). `wireEvent` is the agent's own name of the event, when an
 * alias.
 */
export function blockingAnswer(agent: Agent, event: HookEvent, reason: string, wireEvent?: string): string | undefined {
  if (!isHookEvent(event) || !HOOK_EVENTS[event].canBlock) return undefined;
  const call: DecodedInput = { event, fields: {}, ...(wireEvent === undefined ? {} : { wireEvent }) };
  const answer = agent.dialect.encodeResult(event, { block: true, reason }, call);
  return Object.keys(answer).length === 0 ? undefined : JSON.stringify(answer) + "\n";
}

/**
 * The hosts of the agents other than the one a long-running front end
 * opened at start, each opened on its agent's first call (with that agent
 * as the caller) and kept; one that cannot be opened is tried again on the
 * next call, and the call fails (which blocks where it can).
 */
export class AgentHosts {
  #open: (agent: Agent) => Promise<HookHost>;
  #describe: (error: unknown) => string;
  #hosts = new Map<HookAgent, Promise<HookHost>>();
  #closed = false;

  constructor(open: (agent: Agent) => Promise<HookHost>, describe: (error: unknown) => string) {
    this.#open = open;
    this.#describe = describe;
  }

  /** The agent's host. */
  get(agent: Agent): Promise<HookHost> {
    if (this.#closed) return Promise.reject(new Error("hook-run serve is shutting down"));
    let host = this.#hosts.get(agent.name);
    if (host === undefined) {
      host = this.#open(agent).then(async (opened) => {
        if (!this.#closed) return opened;
        await opened.close();
        throw new Error("hook-run serve is shutting down");
      }, (error) => {
        this.#hosts.delete(agent.name);
        throw new Error(`cannot load the configuration for ${agent.label}: ${this.#describe(error)}`);
      });
      this.#hosts.set(agent.name, host);
    }
    return host;
  }

  /** Closes every host opened (background hooks are awaited); no host opens after. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#hosts.values()].map((host) => host.then((opened) => opened.close(), () => {})));
  }

  /** Kills the running hooks of every host opened; how many. */
  async killRunningHooks(): Promise<number> {
    const counts = await Promise.all(
      [...this.#hosts.values()].map((host) => host.then((opened) => opened.runner.killRunningHooks(), () => 0)),
    );
    return counts.reduce((a, b) => a + b, 0);
  }
}
