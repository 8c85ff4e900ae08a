// hook-run serve's requests: Claude's HTTP hooks in, the gateway's answers
// out. Claude reads an HTTP hook's 2xx + JSON object like a command hook's
// stdout, and everything else — another status, another body, a refused
// connection, a timeout — as a non-blocking error: the action goes ahead.
// So a status code never carries a decision here, and whenever the event
// is known (from the path, or from "hook_event_name" at the start of the
// body) and can block, the server's own failures are 200 with the blocking
// answer, as the gateway's are exit code 2:
//
//   200  the answer ({} when nothing applies);
//        also the block when the server fails on an event that can block:
//        a body too large, empty, cut short, slow (the body timeout), not
//        JSON, not an object, with unreadable fields or another event than
//        the path names, one past what all bodies in flight may hold, an
//        internal error, the run cancelled by shutdown
//   400  the same failures where no event that can block is known
//   401  a token is required and the request's is missing or wrong (on
//        /hooks/<Event> of an event that can block: 200 with the block,
//        so a mistyped token in an agent's settings fails closed)
//   403  the request has an Origin header
//   404  another path, or /hooks/<Name> with a name no event can have
//   405  another method (Allow says which)
//   415  the body is not declared application/json
//   421  without a token: a Host that is not loopback's (127.0.0.1,
//        localhost, [::1]) or an --allowed-host; with one, only when
//        --allowed-host names the hosts
//   500  the server's own failure on an event that cannot block (what the
//        gateway's exit code 1 is)
//   503  a body of an event that cannot block, past what all bodies in
//        flight may hold
//
// 403, 415 and 421 are refusals no agent meets: Claude sends JSON, no
// Origin, and the Host of the URL it was given. A web page can send the
// rest — a form's text/plain, an Origin with every fetch, the attacker's
// own host name after DNS rebinding — and must not run hooks, or read
// their answers. (The HTTP layer's own refusals — a malformed request, a
// head over 64 KiB — are in _http_connection.ts.)

//
// `?agent=<name>` names the calling agent (Claude Code when absent): the
// body and the path's event are read in its dialect and its names, the
// answer is written in its format, and the hooks of its own settings files
// are left to it. An unknown agent is refused as a mistyped token is: the
// block where the path names a (Claude) event that can block — the only
// agent with HTTP hooks reads it so — else 400, which the documented
// `curl --fail-with-body … || exit 2` command hook turns into exit 2.

import type { DecodedInput } from "../dialects/mod.ts";
import { HOOK_EVENTS, type HookEvent, type HookHost, isHookEvent } from "../../mod.ts";
import {
  type Agent,
  agentAnswer,
  type AgentCallError,
  agentEvent,
  agentOf,
  agentRunEnv,
  blockingAnswer,
  CLAUDE_AGENT,
  eventInPrefix,
  readAgentCall,
  unknownAgent,
} from "./_agent_call.ts";
import type { HttpRequest, HttpResponse } from "./_http_connection.ts";
import { type CliIo, printable } from "./_io.ts";
import { type BodyBudget, PREFIX_BYTES, readBody } from "./_serve_body.ts";

/** What a {@linkcode ServeHandler} answers with. */
export interface ServeHandlerOptions {
  /** Claude Code's host: the one of calls without `?agent=`. */
  host: HookHost;
  /**
   * The host of another agent's calls (loaded with that agent as the
   * caller); rejects when it cannot be opened, which blocks the call.
   */
  hostFor?: (agent: Agent) => Promise<HookHost>;
  /** Checks the `Authorization` header; no check without a token. */
  authorized?: (authorization: string | null) => Promise<boolean>;
  /** The Host names accepted (lower case, without a port); `null` accepts any. */
  hostNames: ReadonlySet<string> | null;
  /** What all request bodies in flight may hold. */
  budget: BodyBudget;
  /** Shown by /healthz. */
  version: string;
  /** One line per call on stderr. */
  trace: boolean;
  io: CliIo;
}

/** The names of the loopback address, as a Host header gives them. */
export const LOOPBACK_NAMES: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

const JSON_TYPE = { "content-type": "application/json" };
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;|$)/i;

/** Answers hook-run serve's requests, and counts the calls in flight. */
export class ServeHandler {
  #options: ServeHandlerOptions;
  #started = performance.now();
  #inFlight = 0;
  /** Aborted when shutdown stops waiting: the runs in flight are cancelled. */
  #cancel = new AbortController();
  /** Host header values seen, and whether each names this server. */
  #hosts = new Map<string, boolean>();
  /** Set at shutdown: /healthz says the server is not ready. */
  #draining = false;

  constructor(options: ServeHandlerOptions) {
    this.#options = options;
  }

  /** Calls being run now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Marks the server as stopping: /healthz answers 503 from now on, so a
   * load balancer that still reaches it sends the next calls elsewhere.
   */
  drain(): void {
    this.#draining = true;
  }

  /** Cancels every run in flight: its hooks are killed, and it is answered as a failure. */
  cancel(): void {
    this.#cancel.abort(new DOMException("hook-run serve is shutting down", "AbortError"));
  }

  /** One request. Never rejects: whatever goes wrong is an answer. */
  async handle(request: HttpRequest): Promise<HttpResponse> {
    const { path, headers } = request;
    if (headers.has("origin")) {
      return reply(403, error("a request with an Origin header comes from a web page; agents send none"));
    }
    const hostNames = this.#options.hostNames;
    if (hostNames !== null && !this.#knownHost(hostNames, headers.get("host") ?? "")) {
      return reply(
        421,
        error(
          `the Host "${printable(headers.get("host") ?? "")}" is not a name of this server; ` +
            `call it as 127.0.0.1 or localhost, or add the name with --allowed-host`,
        ),
      );
    }
    if (path === "/healthz") {
      // Open without a token: load balancers probe it, and it tells nothing
      // about any call.
      if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET, HEAD");
      // Live while it answers at all; ready (200) until shutdown starts.
      const body = JSON.stringify({
        ok: !this.#draining,
        ...(this.#draining ? { draining: true } : {}),
        version: this.#options.version,
        hooks: this.#options.host.registry.all().length,
        inFlight: this.#inFlight,
        uptimeSeconds: Math.round((performance.now() - this.#started) / 1000),
      }) + "\n";
      return {
        status: this.#draining ? 503 : 200,
        headers: JSON_TYPE,
        body: request.method === "HEAD" ? null : body,
      };
    }
    const agentName = new URLSearchParams(request.query).get("agent");
    const agent = agentName === null ? CLAUDE_AGENT : agentOf(agentName);
    const authorized = this.#options.authorized;
    if (authorized !== undefined && !await authorized(headers.get("authorization"))) {
      // An agent whose token is mistyped must not see every call go ahead:
      // where the path names an event that can block, the refusal is the
      // block (no hook runs, and the answer tells nothing).
      const named = path.startsWith("/hooks/") ? path.slice("/hooks/".length) : "";
      const block = request.method === "POST"
        ? this.#refusal(
          agent,
          named,
          "hookgate refused this call: its bearer token is missing or wrong (Authorization: Bearer <token>, the token hook-run serve was started with)",
        )
        : undefined;
      if (block !== undefined) {
        return traced(this.#options, 200, block, named, "refused: no valid token", performance.now());
      }
      return {
        status: 401,
        headers: { ...JSON_TYPE, "www-authenticate": "Bearer" },
        body: error("a bearer token is required (Authorization: Bearer <token>), or it is wrong"),
      };
    }
    if (path !== "/hooks" && !path.startsWith("/hooks/")) return reply(404, error(`no such path; POST /hooks`));
    if (request.method !== "POST") return methodNotAllowed("POST");
    const named = path.slice("/hooks/".length);
    if (agent === undefined) {
      const reason = `${unknownAgent(agentName!)} (?agent=<name>)`;
      const block = this.#refusal(undefined, named, `hookgate refused this call: ${reason}`);
      if (block !== undefined) {
        return traced(this.#options, 200, block, named, "refused: unknown agent", performance.now());
      }
      return reply(400, error(reason));
    }
    const wire = named === "" ? undefined : agentEvent(agent, named);
    if (named !== "" && wire === undefined) {
      return reply(
        404,
        error(`"${printable(named)}" is not ${article(agent.label)} hook event name; POST /hooks/<Event>`),
      );
    }
    if (!JSON_MEDIA_TYPE.test(headers.get("content-type") ?? "")) {
      return reply(415, error(`the body must be sent as "content-type: application/json"`));
    }
    this.#inFlight++;
    try {
      return await new AgentCall(this, agent, this.#cancel.signal).call(request, wire);
    } finally {
      this.#inFlight--;
    }
  }

  /**
   * The block for a call refused before it is read, where the path names an
   * event that can block: in the agent's format, or Claude's when the agent
   * is unknown (Claude's HTTP hooks are the ones that call a URL).
   */
  #refusal(agent: Agent | undefined, named: string, reason: string): string | undefined {
    const caller = agent ?? CLAUDE_AGENT;
    const wire = agentEvent(caller, named);
    return wire === undefined ? undefined : blockingAnswer(caller, wire.event, reason, wire.wireEvent);
  }

  /** The host of an agent's calls. */
  hostOf(agent: Agent): HookHost | Promise<HookHost> {
    const hostFor = this.#options.hostFor;
    if (agent === CLAUDE_AGENT || hostFor === undefined) return this.#options.host;
    return hostFor(agent);
  }

  /** The options, for one call. */
  get options(): ServeHandlerOptions {
    return this.#options;
  }

  /** Whether a Host header names this server; the few values agents send are remembered. */
  #knownHost(names: ReadonlySet<string>, host: string): boolean {
    let known = this.#hosts.get(host);
    if (known === undefined) {
      known = names.has(hostName(host));
      if (this.#hosts.size >= 64) this.#hosts.clear();
      this.#hosts.set(host, known);
    }
    return known;
  }
}

/** One call of one agent: read, run and answered in that agent's terms. */
class AgentCall {
  #wireEvent: string | undefined;
  #handler: ServeHandler;
  #agent: Agent;
  #signal: AbortSignal;

  constructor(handler: ServeHandler, agent: Agent, signal: AbortSignal) {
    this.#handler = handler;
    this.#agent = agent;
    this.#signal = signal;
  }

  /** Reads the body, runs the event, answers; `wire` is the path's event, when it names one. */
  async call(request: HttpRequest, wire: { event: HookEvent; wireEvent?: string } | undefined): Promise<HttpResponse> {
    const named = wire?.event;
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
    try {
      const opened = this.#handler.hostOf(this.#agent);
      const host = opened instanceof Promise ? await opened : opened;
      // An event no hook is configured for, which the table does not have either: nothing runs.
      const result = host.registry.info(event) === undefined ? {} : await host.runner.run(event, decoded.fields, {
        ...agentRunEnv(decoded, host.projectRoot),
        signal: this.#signal,
      });
      if (this.#signal.aborted) {
        return this.#failed(event, "hook-run serve shut down while the hooks ran; they were killed", started);
      }
      // Hook failures go to stderr, not into systemMessage as the gateway's
      // do: the logger is shared by every call in flight.
      const answer = agentAnswer(this.#agent, decoded, event, result, [], host.config.project);
      return this.#answer(200, answer, event, "answered", started);
    } catch (failure) {
      return this.#failed(event, failure instanceof Error ? failure.message : String(failure), started);
    }
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

/** A Host header's name: lower case, without its port or a final dot. */
export function hostName(host: string): string {
  const name = host.trim().toLowerCase().replace(/:\d*$/, "");
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

function reply(status: number, body: string): HttpResponse {
  return { status, headers: JSON_TYPE, body };
}

function methodNotAllowed(allow: string): HttpResponse {
  return { status: 405, headers: { ...JSON_TYPE, allow }, body: error(`method not allowed; use ${allow}`) };
}

/** A one-line JSON reason. */
function error(reason: string): string {
  return JSON.stringify({ error: reason }) + "\n";
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`;
}

/** An answer, said on stderr with `--trace`. */
function traced(
  options: ServeHandlerOptions,
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
