// hook-run serve's requests: Claude's HTTP hooks in, the gateway's answers
// out. Claude reads an HTTP hook's 2xx + JSON object like a command hook's
// stdout, and everything else — another status, another body, a refused
// connection — as a non-blocking error: the action goes ahead. So a status
// code never carries a decision here, and the server's own failures on an
// event that can block are 200 with the blocking answer, as the gateway's
// are exit code 2:
//
//   200  the answer ({} when nothing applies or the event is not modelled);
//        also the block when the server fails on an event that can block
//        (the event's fields unreadable, an internal error, the run
//        cancelled by shutdown)
//   400  not a call: the body too large, not JSON, not an object, no or an
//        unknown hook_event_name, another event than the path names, or
//        unreadable fields of an event that cannot block
//   401  a token is required and the request's is missing or wrong
//   404  another path, or /hooks/<Name> with a name Claude does not have
//   405  another method (Allow says which)
//   500  the server's own failure on an event that cannot block (what the
//        gateway's exit code 1 is)

import type { HookEvent, HookHost } from "../../mod.ts";
import {
  blockingAnswer,
  claudeAnswer,
  type ClaudeCall,
  type ClaudeCallError,
  claudeEventKind,
  claudeRunEnv,
  readClaudeCall,
} from "./_claude_call.ts";
import { type CliIo, printable, streamSource } from "./_io.ts";
import { MAX_INPUT_BYTES, readCapped } from "./_payload.ts";

/** What a {@linkcode ServeHandler} answers with. */
export interface ServeHandlerOptions {
  host: HookHost;
  /** Checks the `Authorization` header; no check without a token. */
  authorized?: (authorization: string | null) => Promise<boolean>;
  /** Shown by /healthz. */
  version: string;
  /** One line per call on stderr. */
  trace: boolean;
  io: CliIo;
}

const JSON_TYPE = { "content-type": "application/json" };

/** Answers hook-run serve's requests, and counts the calls in flight. */
export class ServeHandler {
  #options: ServeHandlerOptions;
  #started = performance.now();
  #inFlight = 0;
  /** Aborted when shutdown stops waiting: the runs in flight are cancelled. */
  #cancel = new AbortController();

  constructor(options: ServeHandlerOptions) {
    this.#options = options;
  }

  /** Calls being run now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Cancels every run in flight: its hooks are killed, and it is answered as a failure. */
  cancel(): void {
    this.#cancel.abort(new DOMException("hook-run serve is shutting down", "AbortError"));
  }

  /** One request. Never rejects: whatever goes wrong is an answer. */
  async handle(request: Request): Promise<Response> {
    const path = pathOf(request.url);
    if (path === "/healthz") {
      // Open without a token: load balancers probe it, and it tells nothing
      // about any call.
      if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET, HEAD");
      const body = JSON.stringify({
        ok: true,
        version: this.#options.version,
        hooks: this.#options.host.registry.all().length,
        inFlight: this.#inFlight,
        uptimeSeconds: Math.round((performance.now() - this.#started) / 1000),
      }) + "\n";
      return new Response(request.method === "HEAD" ? null : body, { headers: JSON_TYPE });
    }
    const authorized = this.#options.authorized;
    if (authorized !== undefined && !await authorized(request.headers.get("authorization"))) {
      await request.body?.cancel().catch(() => {});
      return new Response(error("a bearer token is required (Authorization: Bearer <token>), or it is wrong"), {
        status: 401,
        headers: { ...JSON_TYPE, "www-authenticate": "Bearer" },
      });
    }
    if (path !== "/hooks" && !path.startsWith("/hooks/")) return reply(404, error(`no such path; POST /hooks`));
    if (request.method !== "POST") return methodNotAllowed("POST");
    const named = path.slice("/hooks/".length);
    if (named !== "" && claudeEventKind(named) === "unknown") {
      return reply(404, error(`"${printable(named)}" is not a Claude Code hook event; POST /hooks/<Event>`));
    }
    this.#inFlight++;
    try {
      return await this.#call(request, named === "" ? undefined : named);
    } finally {
      this.#inFlight--;
    }
  }

  async #call(request: Request, named: string | undefined): Promise<Response> {
    const started = performance.now();
    const length = Number(request.headers.get("content-length") ?? 0);
    let text: string;
    let source: ReturnType<typeof streamSource> | null = null;
    try {
      if (length > MAX_INPUT_BYTES) {
        throw new RangeError(`the body is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
      }
      // A declared length is enforced by the HTTP layer, so the body can be
      // read in one go; an undeclared (chunked) one is counted as it streams.
      const declared = request.headers.has("content-length") && !request.headers.has("transfer-encoding");
      source = request.body === null || declared ? null : streamSource(request.body);
      text = request.body === null
        ? ""
        : source === null
        ? await request.text()
        : await readCapped(source, "the body", "send one Claude hook event");
    } catch (failure) {
      await (source?.cancel() ?? request.body?.cancel().catch(() => {}));
      return reply(400, error((failure as Error).message));
    }
    let call: ClaudeCall;
    try {
      call = readClaudeCall(text, "the body");
    } catch (failure) {
      // A body naming an event that can block, whose fields are wrong, is
      // blocked: that is how a change in Claude's payload would look, and
      // it must not switch the policy off.
      const known = (failure as ClaudeCallError).event;
      const message = (failure as Error).message;
      if (named !== undefined && known !== undefined && known !== named) return reply(400, mismatch(named));
      const block = known === undefined ? undefined : this.#block(known, message);
      return block === undefined ? reply(400, error(message)) : this.#answer(200, block, known!, "blocked", started);
    }
    const name = call.supported ? call.decoded.event : call.event;
    if (named !== undefined && name !== named) return reply(400, mismatch(named));
    if (!call.supported) return this.#answer(200, "{}\n", name, "not modelled", started);
    const { decoded } = call;
    const event = decoded.event;
    const host = this.#options.host;
    try {
      const result = await host.runner.run(event, decoded.fields, {
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

  /** The server's own failure on a call for `event`: a block where it can block, else 500. */
  #failed(event: HookEvent, reason: string, started: number): Response {
    const block = this.#block(event, reason);
    if (block !== undefined) return this.#answer(200, block, event, "blocked", started);
    return this.#answer(500, error(reason), event, "failed", started);
  }

  /** The blocking answer for a failure, said on stderr; `undefined` where the event cannot block. */
  #block(event: HookEvent, reason: string): string | undefined {
    this.#options.io.stderr(`hook-run serve: ${event}: ${printable(reason)}\n`);
    return blockingAnswer(event, `hookgate could not answer this ${event} call: ${reason}`);
  }

  #answer(status: number, body: string, event: string, what: string, started: number): Response {
    if (this.#options.trace) {
      const ms = (performance.now() - started).toFixed(1);
      this.#options.io.stderr(
        `hook-run serve: ${printable(event)} ${status} ${what} in ${ms} ms: ${printable(body.trimEnd())}\n`,
      );
    }
    return reply(status, body);
  }
}

/** The path of a request URL, without building a URL object (this runs per call). */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

function reply(status: number, body: string): Response {
  return new Response(body, { status, headers: JSON_TYPE });
}

function methodNotAllowed(allow: string): Response {
  return new Response(error(`method not allowed; use ${allow}`), {
    status: 405,
    headers: { ...JSON_TYPE, allow },
  });
}

function mismatch(named: string): string {
  return error(`the body's hook_event_name is not "${named}", the event the path names`);
}

/** A one-line JSON reason. */
function error(reason: string): string {
  return JSON.stringify({ error: reason }) + "\n";
}
