// One call of hook-run serve, for one agent: its body read, its event run
// through that agent's host, its answer in that agent's format — and what
// it came to noted for /metrics and the audit log. (The status codes, and
// why a failure on an event that can block is a 200 with the block, are in
// _handler.ts, which routes each call here.)

import { printable } from "../_internal/printable.ts";
import { findProjectRoot, type ProjectRoot } from "../config/project_root.ts";
import type { DecodedInput } from "../dialects/mod.ts";
import type { AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import { HOOK_EVENTS, isHookEvent } from "../events/table.ts";
import {
  type Agent,
  agentAnswer,
  type AgentCallError,
  agentExit,
  agentRunEnv,
  blockingAnswer,
  eventInPrefix,
  readAgentCall,
} from "../host/agent_call.ts";
import type { HookHost } from "../host/hook_host.ts";
import type { HookInvocationRecord } from "../runner/types.ts";
import { type BodyBudget, PREFIX_BYTES, readBody } from "./_body.ts";
import type { CallRecords } from "./_call_records.ts";
import type { HttpRequest, HttpResponse } from "./_http_head.ts";
import { blockKind, type DecisionKind, decisionOf } from "./_metrics.ts";

/** The header of a `?form=command` answer that carries the gateway's exit code for it. */
export const EXIT_HEADER = "hookgate-exit";
/** The header of a `?form=command` answer that carries the gateway's stderr line, when it exits with another code than 0. */
export const STDERR_HEADER = "hookgate-stderr";

/**
 * The status of a `?form=command` call whose project is not the one the
 * server answers for: the fast-path command hook has the gateway answer it.
 */
export const OTHER_PROJECT_STATUS = 421;

/** A call of the server's own project. */
const OWN: { other?: ProjectRoot } = Object.freeze({});

/** The content type of every JSON answer. */
export const JSON_TYPE = { "content-type": "application/json" };

/** What one call came to, filled in as it is answered: for /metrics and the audit log. */
export interface CallNote {
  agent: string;
  event?: string | undefined;
  decoded?: DecodedInput;
  decision: DecisionKind;
  reason?: string | undefined;
  records?: HookInvocationRecord[];
}

/** What a call says on stderr, and whether it traces its answer (`--trace`). */
export interface CallOutput {
  trace: boolean;
  io: { stderr(text: string): void };
}

/** What one call needs of the server that routed it. */
export interface CallContext {
  /**
   * The host of an agent's calls: for the server's project, or for
   * `project`, a fast-path call's own over the socket; `undefined` when the
   * server holds as many projects' hosts as it may.
   */
  hostOf(agent: Agent, project?: ProjectRoot): HookHost | Promise<HookHost> | undefined;
  /**
   * The project the server was started for: a `?form=command` call from
   * another one (`?project=`, else the event's `cwd`) is answered by a host
   * of that project's when it came over the socket, else left to the
   * gateway.
   */
  readonly project: ProjectRoot | undefined;
  readonly options: CallOutput & {
    /** What all request bodies in flight may hold. */
    budget: BodyBudget;
    /** The audit log's collector of each call's invocations, when there is one. */
    audit?: { records: CallRecords };
  };
}

/** One call of one agent: read, run and answered in that agent's terms. */
export class AgentCall {
  #wireEvent: string | undefined;
  #handler: CallContext;
  #agent: Agent;
  #signal: AbortSignal;
  #note: CallNote;
  /** Whether the call came over the Unix socket: only its owner can have sent it. */
  #local: boolean;
  /**
   * Asked with `?form=command` (the fast-path command hook): the answer
   * also carries the gateway's exit code and stderr line for it, as
   * headers, and a failure is the gateway's exit code 2 with no stdout.
   */
  #command = false;
  /** The call's project directory (`?project=`: the agent's project variable, as the command hook read it). */
  #projectDir: string | undefined;
  #exit: { code: number; stderr: string } = { code: 0, stderr: "" };

  constructor(handler: CallContext, agent: Agent, signal: AbortSignal, note: CallNote, local = false) {
    this.#local = local;
    this.#handler = handler;
    this.#agent = agent;
    this.#signal = signal;
    this.#note = note;
    note.agent = agent.name;
  }

  /** Reads the body, runs the event, answers; `wire` is the path's event, when it names one. */
  async call(request: HttpRequest, wire: { event: HookEvent; wireEvent?: string } | undefined): Promise<HttpResponse> {
    const query = request.query === "" ? undefined : new URLSearchParams(request.query);
    this.#command = query?.get("form") === "command";
    this.#projectDir = query?.get("project") ?? undefined;
    const response = await this.#call(request, wire);
    if (!this.#command || response.status !== 200) return response;
    const { code, stderr } = this.#exit;
    return {
      ...response,
      body: this.#failedToAnswer ? "" : response.body,
      headers: {
        ...response.headers,
        [EXIT_HEADER]: String(code),
        ...(code === 0 ? {} : { [STDERR_HEADER]: printable(stderr) }),
      },
    };
  }

  /** Whether the server itself failed the call (answered with the block, as the gateway's exit code 2). */
  #failedToAnswer = false;

  async #call(request: HttpRequest, wire: { event: HookEvent; wireEvent?: string } | undefined): Promise<HttpResponse> {
    const named = wire?.event;
    this.#note.event = named;
    this.#wireEvent = wire?.wireEvent;
    const started = performance.now();
    const read = readBody(request.body, this.#handler.options.budget, named === undefined);
    const body = read instanceof Promise ? await read : read;
    try {
      if (!body.ok) {
        const full = body.reason.includes("--body-memory");
        return this.#unreadable(
          named ?? eventInPrefix(this.#agent, body.prefix),
          body.reason,
          started,
          full ? 503 : 400,
        );
      }
      const text = body.text;
      if (text.trim() === "") return this.#unreadable(named, "the body is empty", started);
      let decoded: DecodedInput;
      try {
        decoded = readAgentCall(this.#agent, text, "the body");
      } catch (failure) {
        // A body whose fields are wrong is blocked where its event can
        // block: that is how a change in the agent's payload would look,
        // and it must not switch the policy off.
        const known = (failure as AgentCallError).event;
        const message = (failure as Error).message;
        if (named !== undefined && known !== undefined && known !== named) return this.#mismatch(named, known, started);
        const event = named ?? known ?? eventInPrefix(this.#agent, text.slice(0, PREFIX_BYTES));
        return this.#unreadable(event, message, started);
      }
      if (named !== undefined && decoded.event !== named) return this.#mismatch(named, decoded.event, started);
      return await this.#run(decoded, started);
    } finally {
      body.release();
    }
  }

  async #run(decoded: DecodedInput, started: number): Promise<HttpResponse> {
    const event = decoded.event;
    const note = this.#note;
    note.event = event;
    note.decoded = decoded;
    try {
      const where = this.#command ? await this.#projectOf(decoded) : OWN;
      const opened = typeof where === "string" ? undefined : this.#handler.hostOf(this.#agent, where.other);
      if (opened === undefined) {
        return this.#leftToGateway(
          typeof where === "string"
            ? where
            : `the call's project ${printable(where.other!.root)} is not this server's, and it holds as many ` +
              "projects' hosts as it may: the gateway answers it",
          event,
          started,
        );
      }
      let host: HookHost;
      try {
        host = opened instanceof Promise ? await opened : opened;
      } catch (failure) {
        if (typeof where === "string" || where.other === undefined) throw failure;
        // Another project's configuration that cannot be loaded: the gateway says why, and blocks.
        return this.#leftToGateway(`${(failure as Error).message}: the gateway answers it`, event, started);
      }
      const run = () =>
        host.runner.run(event, decoded.fields, { ...agentRunEnv(decoded, host.projectRoot), signal: this.#signal });
      const audit = this.#handler.options.audit;
      // An event no hook is configured for, which the table does not have either: nothing runs.
      const result: AnyHookEventResult = host.registry.info(event) === undefined
        ? {}
        : audit === undefined
        ? await run()
        : await audit.records.collect(note.records = [], run);
      if (this.#signal.aborted) {
        return this.#failed(event, "hook-run serve shut down while the hooks ran; they were killed", started);
      }
      note.decision = decisionOf(event, result);
      note.reason = (result as { reason?: string }).reason;
      // Hook failures go to stderr, not into systemMessage as the gateway's
      // do: the logger is shared by every call in flight.
      const answer = agentAnswer(this.#agent, decoded, event, result, [], host.config.project);
      if (this.#command) this.#exit = agentExit(this.#agent, event, result, decoded, [], host.config.project);
      return this.#answer(200, answer, event, "answered", started);
    } catch (failure) {
      return this.#failed(event, failure instanceof Error ? failure.message : String(failure), started);
    }
  }

  /** A fast-path call the gateway answers instead ({@linkcode OTHER_PROJECT_STATUS}), and why. */
  #leftToGateway(reason: string, event: string, started: number): HttpResponse {
    this.#note.reason = reason;
    return this.#answer(OTHER_PROJECT_STATUS, error(reason), event, "left to the gateway", started);
  }

  /**
   * Which host answers a fast-path call: the server's own project's, or —
   * over the socket — that of the project the gateway would find for it;
   * why the gateway must answer it instead (a string) when the call came
   * over the port from another project or names no directory to find one
   * from.
   */
  async #projectOf(decoded: DecodedInput): Promise<{ other?: ProjectRoot } | string> {
    const served = this.#handler.project;
    if (served === undefined) return OWN;
    const dir = this.#projectDir ?? decoded.cwd;
    if (dir === undefined || !dir.startsWith("/")) {
      return "the call names no absolute project directory (?project=, or the event's cwd): the gateway answers it";
    }
    const found = await findProjectRoot(dir, { agent: this.#agent.name });
    if (found.root === served.root && found.start === served.start) return OWN;
    if (this.#local) return { other: found };
    return `this server answers for the project ${printable(served.root)} (found from ${
      printable(served.start)
    }), the call's is ${printable(found.root)} (found from ${printable(found.start)}): the gateway answers it`;
  }

  /** A body that cannot be read: the block where `event` is known and can block, else `status`. */
  #unreadable(event: string | undefined, reason: string, started: number, status = 400): HttpResponse {
    const block = event !== undefined && isHookEvent(event) ? this.#block(event, reason) : undefined;
    if (block === undefined) return reply(status, error(reason));
    return this.#answer(200, block, event!, "blocked", started);
  }

  /**
   * A body naming another event than the path: blocked as the body's event
   * (the one Claude reads the answer as) where it can block, else as the
   * path's.
   */
  #mismatch(named: string, sent: string, started: number): HttpResponse {
    const reason = `the body's hook_event_name is "${printable(sent)}", but the path names "${printable(named)}"; ` +
      `point each event's hook at /hooks/<its event>`;
    const blocks = (name: string) => isHookEvent(name) && HOOK_EVENTS[name].canBlock;
    return this.#unreadable(blocks(sent) ? sent : named, reason, started);
  }

  /** The server's own failure on a call for `event`: a block where it can block, else 500. */
  #failed(event: HookEvent, reason: string, started: number): HttpResponse {
    const block = this.#block(event, reason);
    if (block !== undefined) return this.#answer(200, block, event, "blocked", started);
    return this.#answer(500, error(reason), event, "failed", started);
  }

  /** The blocking answer for a failure, said on stderr; `undefined` where the event cannot block. */
  #block(event: HookEvent, reason: string): string | undefined {
    this.#handler.options.io.stderr(`hook-run serve: ${event}: ${printable(reason)}\n`);
    this.#note.event = event;
    this.#note.reason = reason;
    this.#note.decision = HOOK_EVENTS[event].canBlock ? blockKind(event) : "none";
    if (HOOK_EVENTS[event].canBlock) {
      this.#failedToAnswer = true;
      this.#exit = { code: 2, stderr: `hook-run serve: ${event}: ${reason}` };
    }
    return blockingAnswer(
      this.#agent,
      event,
      `hookgate could not answer this ${event} call: ${reason}`,
      this.#wireEvent,
    );
  }

  #answer(status: number, body: string, event: string, what: string, started: number): HttpResponse {
    return traced(this.#handler.options, status, body, event, what, started);
  }
}

/** A JSON answer. */
export function reply(status: number, body: string): HttpResponse {
  return { status, headers: JSON_TYPE, body };
}

/** A one-line JSON reason. */
export function error(reason: string): string {
  return JSON.stringify({ error: reason }) + "\n";
}

/** An answer, said on stderr with `--trace`. */
export function traced(
  options: CallOutput,
  status: number,
  body: string,
  event: string,
  what: string,
  started: number,
): HttpResponse {
  if (options.trace) {
    const ms = (performance.now() - started).toFixed(1);
    options.io.stderr(
      `hook-run serve: ${printable(event)} ${status} ${what} in ${ms} ms: ${printable(body.trimEnd())}\n`,
    );
  }
  return reply(status, body);
}
