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
// head over 64 KiB — are in _http_head.ts and _http_connection.ts.)

//
// `?agent=<name>` names the calling agent (Claude Code when absent): the
// body and the path's event are read in its dialect and its names, the
// answer is written in its format, and the hooks of its own settings files
// are left to it. An unknown agent is refused as a mistyped token is: the
// block where the path names a (Claude) event that can block — the only
// agent with HTTP hooks reads it so — else 400, which the documented
// `curl --fail-with-body … || exit 2` command hook turns into exit 2.

import type { CliIo } from "../_internal/cli_io.ts";
import { printable } from "../_internal/printable.ts";
import { type Agent, agentEvent, agentOf, blockingAnswer, CLAUDE_AGENT, unknownAgent } from "../host/agent_call.ts";
import type { HookHost } from "../host/hook_host.ts";
import type { ProjectRoot } from "../config/project_root.ts";
import { auditLine, type AuditLog } from "./_audit_log.ts";
import type { BodyBudget } from "./_body.ts";
import { AgentCall, type CallContext, type CallNote, error, JSON_TYPE, reply, traced } from "./_call.ts";
import { type CallRecords, decidingRecord } from "./_call_records.ts";
import type { HttpRequest, HttpResponse } from "./_http_head.ts";
import { hostName } from "./host_names.ts";
import { blockKind, METRICS_CONTENT_TYPE, ServeMetrics } from "./_metrics.ts";

/** What a {@linkcode ServeHandler} answers with. */
export interface ServeHandlerOptions {
  /** Claude Code's host: the one of calls without `?agent=`. */
  host: HookHost;
  /** The project every host was opened for (the fast path's calls from another are left to the gateway). */
  project?: ProjectRoot;
  /**
   * The host of another agent's calls (loaded with that agent as the
   * caller), or of another project's fast-path calls over the socket;
   * rejects when it cannot be opened, which blocks the call; `undefined`
   * when the server holds as many projects' hosts as it may.
   */
  hostFor?: (agent: Agent, project?: ProjectRoot) => Promise<HookHost> | undefined;
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
  /** Where a call's failures (and with `trace`, its answer) are said. */
  io: CliIo;
  /** What GET /metrics tells (a fresh set when not given). */
  metrics?: ServeMetrics;
  /** GET /metrics without the token, for a scraper that has none. */
  metricsOpen?: boolean;
  /** The audit log (`--record`): a line per call, with the hooks of each call told apart by `records`. */
  audit?: { log: AuditLog; records: CallRecords };
}

const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;|$)/i;

/** Answers hook-run serve's requests, and counts the calls in flight. */
export class ServeHandler implements CallContext {
  #options: ServeHandlerOptions;
  #started = performance.now();
  #inFlight = 0;
  /** Aborted when shutdown stops waiting: the runs in flight are cancelled. */
  #cancel = new AbortController();
  /** Host header values seen, and whether each names this server. */
  #hosts = new Map<string, boolean>();
  /** Set at shutdown: /healthz says the server is not ready. */
  #draining = false;

  #metrics: ServeMetrics;

  constructor(options: ServeHandlerOptions) {
    this.#options = options;
    this.#metrics = options.metrics ?? new ServeMetrics(options.version);
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

  /**
   * One request. Never rejects: whatever goes wrong is an answer. One that
   * came over the Unix socket (`local`) needs no token and no Host: the
   * socket's file mode lets only its owner connect, and no web page can.
   */
  async handle(request: HttpRequest, local = false): Promise<HttpResponse> {
    const path = request.path;
    if (path !== "/hooks" && !path.startsWith("/hooks/")) return await this.#route(request, undefined, local);
    const started = performance.now();
    const named = path.slice("/hooks/".length);
    const note: CallNote = {
      agent: new URLSearchParams(request.query).get("agent") ?? CLAUDE_AGENT.name,
      event: named === "" ? undefined : named,
      decision: "none",
    };
    const response = await this.#route(request, note, local);
    const ms = performance.now() - started;
    this.#metrics.called(note.event, response.status, note.decision, ms / 1000);
    const audit = this.#options.audit;
    if (audit !== undefined) {
      const decided = note.records === undefined ? undefined : decidingRecord(note.records, note.decision);
      audit.log.write(auditLine({
        ...note,
        status: response.status,
        hook: decided?.hookName,
        rule: decided?.rule,
        durationMs: ms,
      }, new Date()));
    }
    return response;
  }

  async #route(request: HttpRequest, note: CallNote | undefined, local: boolean): Promise<HttpResponse> {
    const { path, headers } = request;
    if (headers.has("origin")) {
      return reply(403, error("a request with an Origin header comes from a web page; agents send none"));
    }
    const hostNames = local ? null : this.#options.hostNames;
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
    const authorized = local ? undefined : this.#options.authorized;
    if (path === "/metrics") {
      if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET, HEAD");
      if (
        authorized !== undefined && this.#options.metricsOpen !== true &&
        !await authorized(headers.get("authorization"))
      ) {
        return unauthorized();
      }
      return {
        status: 200,
        headers: { "content-type": METRICS_CONTENT_TYPE },
        body: request.method === "HEAD" ? null : this.#metrics.render(this.#inFlight),
      };
    }
    const agentName = new URLSearchParams(request.query).get("agent");
    const agent = agentName === null ? CLAUDE_AGENT : agentOf(agentName);
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
          note,
        )
        : undefined;
      if (block !== undefined) {
        return traced(this.#options, 200, block, named, "refused: no valid token", performance.now());
      }
      return unauthorized();
    }
    if (path !== "/hooks" && !path.startsWith("/hooks/")) return reply(404, error(`no such path; POST /hooks`));
    if (request.method !== "POST") return methodNotAllowed("POST");
    const named = path.slice("/hooks/".length);
    if (agent === undefined) {
      const reason = `${unknownAgent(agentName!)} (?agent=<name>)`;
      const block = this.#refusal(undefined, named, `hookgate refused this call: ${reason}`, note);
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
      return await new AgentCall(
        this,
        agent,
        this.#cancel.signal,
        note ?? { agent: agent.name, decision: "none" },
        local,
      )
        .call(request, wire);
    } finally {
      this.#inFlight--;
    }
  }

  /**
   * The block for a call refused before it is read, where the path names an
   * event that can block: in the agent's format, or Claude's when the agent
   * is unknown (Claude's HTTP hooks are the ones that call a URL).
   */
  #refusal(agent: Agent | undefined, named: string, reason: string, note: CallNote | undefined): string | undefined {
    const caller = agent ?? CLAUDE_AGENT;
    const wire = agentEvent(caller, named);
    if (note !== undefined) {
      note.reason = reason;
      if (wire !== undefined) {
        note.event = wire.event;
        note.decision = blockKind(wire.event);
      }
    }
    return wire === undefined ? undefined : blockingAnswer(caller, wire.event, reason, wire.wireEvent);
  }

  /** The host of an agent's calls. */
  hostOf(agent: Agent, project?: ProjectRoot): HookHost | Promise<HookHost> | undefined {
    const hostFor = this.#options.hostFor;
    if (hostFor === undefined) return project === undefined ? this.#options.host : undefined;
    if (agent === CLAUDE_AGENT && project === undefined) return this.#options.host;
    return hostFor(agent, project);
  }

  /** The project every host was opened for. */
  get project(): ProjectRoot | undefined {
    return this.#options.project;
  }

  /** The options, for one call. */
  get options(): ServeHandlerOptions {
    return this.#options;
  }

  /** The counters of GET /metrics. */
  get metrics(): ServeMetrics {
    return this.#metrics;
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

function unauthorized(): HttpResponse {
  return {
    status: 401,
    headers: { ...JSON_TYPE, "www-authenticate": "Bearer" },
    body: error("a bearer token is required (Authorization: Bearer <token>), or it is wrong"),
  };
}

function methodNotAllowed(allow: string): HttpResponse {
  return { status: 405, headers: { ...JSON_TYPE, allow }, body: error(`method not allowed; use ${allow}`) };
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`;
}
