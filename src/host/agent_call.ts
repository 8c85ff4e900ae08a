// One agent's hook call, whatever carries it — hook-run gateway's stdin,
// hook-run serve's HTTP body, a call the courier runs later: the event read
// from its JSON in the agent's dialect, the run environment it gives, and
// the answer in the agent's output format. Every front end answers the same
// call with the same bytes. The agents are the rows of AGENT_FILES: a row's
// dialect is all a new agent needs here. (The host each front end opens for
// the agent is agent_host.ts's.)

import { AGENT_FILES, AGENT_LABELS, AGENTS, type HookAgent, parseAgent } from "../trust/agent_files.ts";
import type { ProjectTrust } from "../config/mod.ts";
import { type DecodedInput, type Dialect, dialectEvent, dialectOf } from "../dialects/mod.ts";
import type { HookEvent, HookEventResult } from "../events/event_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import { HOOK_EVENTS, isHookEvent } from "../events/table.ts";
import type { HookInvocationRecord } from "../runner/types.ts";
import { skippedSummary, trustCommandLine } from "./untrusted.ts";

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
