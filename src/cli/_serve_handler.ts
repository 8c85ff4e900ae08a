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

import type { DecodedInput } from "../dialects/mod.ts";
import { HOOK_EVENTS, type HookEvent, type HookHost, isEventName, isHookEvent } from "../../mod.ts";
import {
  blockingAnswer,
  claudeAnswer,
  type ClaudeCallError,
  claudeEventInPrefix,
  claudeRunEnv,
  readClaudeCall,
} from "./_claude_call.ts";
import type { HttpRequest, HttpResponse } from "./_http_connection.ts";
import { type CliIo, printable } from "./_io.ts";
import { type BodyBudget, PREFIX_BYTES, readBody } from "./_serve_body.ts";

/** What a {@linkcode ServeHandler} answers with. */
export interface ServeHandlerOptions {
  host: HookHost;
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
    const authorized = this.#options.authorized;
    if (authorized !== undefined && !await authorized(headers.get("authorization"))) {
      // An agent whose token is mistyped must not see every call go ahead:
      // where the path names an event that can block, the refusal is the
      // block (no hook runs, and the answer tells nothing).
      const named = path.startsWith("/hooks/") ? path.slice("/hooks/".length) : "";
      const block = isHookEvent(named) && request.method === "POST"
        ? blockingAnswer(
          named,
          "hookgate refused this call: its bearer token is missing or wrong (Authorization: Bearer <token>, the token hook-run serve was started with)",
        )
        : undefined;
      if (block !== undefined) return this.#answer(200, block, named, "refused: no valid token", performance.now());
      return {
        status: 401,
        headers: { ...JSON_TYPE, "www-authenticate": "Bearer" },
        body: error("a bearer token is required (Authorization: Bearer <token>), or it is wrong"),
      };
    }
    if (path !== "/hooks" && !path.startsWith("/hooks/")) return reply(404, error(`no such path; POST /hooks`));
    if (request.method !== "POST") return methodNotAllowed("POST");
    const named = path.slice("/hooks/".length);
    if (named !== "" && !isEventName(named)) {
      return reply(404, error(`"${printable(named)}" is not a Claude Code hook event name; POST /hooks/<Event>`));
    }
    if (!JSON_MEDIA_TYPE.test(headers.get("content-type") ?? "")) {
      return reply(415, error(`the body must be sent as "content-type: application/json"`));
    }
    this.#inFlight++;
    try {
      return await this.#call(request, named === "" ? undefined : named);
    } finally {
      this.#inFlight--;
    }
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

  async #call(request: HttpRequest, named: string | undefined): Promise<HttpResponse> {
    const started = performance.now();
    const read = readBody(request.body, this.#options.budget, named === undefined);
    const body = read instanceof Promise ? await read : read;
    try {
      if (!body.ok) {
        const full = body.reason.includes("--body-memory");
        return this.#unreadable(named ?? claudeEventInPrefix(body.prefix), body.reason, started, full ? 503 : 400);
      }
      const text = body.text;
      if (text.trim() === "") return this.#unreadable(named, "the body is empty", started);
      let decoded: DecodedInput;
      try {
        decoded = readClaudeCall(text, "the body");
      } catch (failure) {
        // A body whose fields are wrong is blocked where its event can
        // block: that is how a change in Claude's payload would look, and
        // it must not switch the policy off.
        const known = (failure as ClaudeCallError).event;
        const message = (failure as Error).message;
        if (named !== undefined && known !== undefined && known !== named) return this.#mismatch(named, known, started);
        const event = named ?? known ?? claudeEventInPrefix(text.slice(0, PREFIX_BYTES));
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
    const host = this.#options.host;
    try {
      // An event no hook is configured for, which the table does not have either: nothing runs.
      const result = host.registry.info(event) === undefined ? {} : await host.runner.run(event, decoded.fields, {
        ...claudeRunEnv(decoded, host.projectRoot),
        signal: this.#cancel.signal,
      });
      if (this.#cancel.signal.aborted) {
        return this.#failed(event, "hook-run serve shut down while the hooks ran; they were killed", started);
      }
      // Hook failures go to stderr, not into systemMessage as the gateway's
      // do: the logger is shared by every call in flight.
      return this.#answer(200, claudeAnswer(event, result, [], host.config.project), event, "answered", started);
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
    this.#options.io.stderr(`hook-run serve: ${event}: ${printable(reason)}\n`);
    return blockingAnswer(event, `hookgate could not answer this ${event} call: ${reason}`);
  }

  #answer(status: number, body: string, event: string, what: string, started: number): HttpResponse {
    if (this.#options.trace) {
      const ms = (performance.now() - started).toFixed(1);
      this.#options.io.stderr(
        `hook-run serve: ${printable(event)} ${status} ${what} in ${ms} ms: ${printable(body.trimEnd())}\n`,
      );
    }
    return reply(status, body);
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
