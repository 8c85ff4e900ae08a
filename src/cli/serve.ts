// `hook-run serve`: the gateway as a long-running HTTP service. Claude-style
// agents call it with `{"type": "http", "url": "http://127.0.0.1:<port>/hooks/<Event>"}`
// hooks, so no process starts per tool call, and many agents share one
// policy: one host with hot reload, one runner. Its answers are the
// gateway's (see _serve_handler.ts for the status codes and why a failure
// on an event that can block is a 200 with the block).

import { AGENTS, type HookInvocationRecord } from "../../mod.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable, printableLines } from "../_internal/printable.ts";
import type { CliIo } from "./_io.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { bearerCheck } from "./_bearer.ts";
import { type Agent, AgentHosts, CLAUDE_AGENT, hostErrorMessage, openAgentHost, refusedConfig } from "../host/mod.ts";
import { HttpServer } from "./_http_server.ts";
import { workingDirectory } from "./_payload.ts";
import { foundAbove, projectOf } from "./_project_root.ts";
import { hookLine } from "./_render.ts";
import { BodyBudget } from "./_serve_body.ts";
import {
  DEFAULT_BODY_MEMORY_MIB,
  DEFAULT_BODY_TIMEOUT_S,
  DEFAULT_HEADER_TIMEOUT_S,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RECORD_KEEP,
  DEFAULT_RECORD_MAX_BYTES,
  DEFAULT_SERVE_PORT,
  SERVE_FLAGS,
  serveSettings,
} from "./_serve_flags.ts";
import { ServeHandler, type ServeHandlerOptions } from "./_serve_handler.ts";
import { ServeMetrics } from "./_serve_metrics.ts";
import { AuditLog } from "./_audit_log.ts";
import { callRecords } from "./_call_records.ts";
import { recordFile } from "./_record.ts";

/** How long shutdown waits for calls in flight before it cancels them (their hooks are killed). */
export const SHUTDOWN_GRACE_MS = 10_000;

export const SERVE_HELP =
  `Usage: hook-run serve [--port N] [--host ADDR] [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR]
                      [--token-env NAME] [--allowed-host NAME]... [--header-timeout S] [--body-timeout S]
                      [--max-connections N] [--body-memory MIB] [--metrics-open]
                      [--record FILE] [--record-max-bytes N] [--record-keep K] [--trace]

Answers Claude Code's HTTP hooks as hook-run gateway answers its command
hooks, from one long-running process: no start-up per tool call, one policy
for every agent that calls it. Point each event's hook at its own URL,
{"type": "http", "url": "http://127.0.0.1:${DEFAULT_SERVE_PORT}/hooks/PreToolUse"} and so on
(see examples/claude/settings_http.json), so the event is known even when
its body cannot be read.

  POST /hooks/<Event>   a Claude hook event as the body; the path names the event
  POST /hooks           the same, "hook_event_name" in the body picks the event
  GET  /healthz         {"ok": true, version, configured hooks, calls in flight, uptime};
                        503 with "ok": false, "draining": true once shutdown has begun
  GET  /metrics         Prometheus metrics: calls, decisions, latency, in flight, hook
                        failures, reloads, memory (the token guards it, as it does /hooks)

  ?agent=NAME on either POST names the calling agent (default claude; one of
  ${AGENTS.join(", ")}): the body, and the event in the path, as that agent
  names them, the answer in its format, and its own settings files left to it.
  For an agent without HTTP hooks, its command hook reaches the server with
  curl -sS --fail-with-body --max-time 30 -H "content-type: application/json" \\
    --data-binary @- "http://127.0.0.1:${DEFAULT_SERVE_PORT}/hooks/<Event>?agent=NAME" || exit 2
  (exit 2, a block, when the server is down, refuses or times out).

The configuration (every layer but Claude's own settings files, which Claude
runs itself; --config, --plugin, --extension) is read once and reloaded when its files
change. Its own failures are never a silent allow:
on an event that can block — a body too large, cut short, too slow or not
a hook event, a run that failed — they are answered 200 with the block, as
Claude reads any other status as "go ahead". Requests only a web page sends
are refused: a body not sent as application/json, an Origin header, and
(without a token) a Host that is not 127.0.0.1, localhost or [::1].

Options:
  --port N               the port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one, printed at start)
  --host ADDR            the address to listen on (default 127.0.0.1); any other than
                         loopback needs --token-env, and --allow-net for that address
  --token-env NAME       require "Authorization: Bearer <token>", the token read from $NAME;
                         then any Host is accepted unless --allowed-host names them
  --allowed-host NAME    a Host name callers may use besides loopback's, as behind a
                         load balancer (repeatable; default: none)
  --header-timeout S     seconds a connection may take to send a request's headers, or
                         stay idle between requests, before it is closed (default ${DEFAULT_HEADER_TIMEOUT_S})
  --body-timeout S       seconds a body may take to arrive; a late one is answered as a
                         failure, the block where the event can block (default ${DEFAULT_BODY_TIMEOUT_S})
  --max-connections N    connections open at once; past it a new one replaces the oldest that
                         has not sent a whole request, and waits only when every one is busy
                         with a call (default ${DEFAULT_MAX_CONNECTIONS})
  --body-memory MIB      MiB all request bodies in flight may hold; a body past that is
                         answered as a failure (default ${DEFAULT_BODY_MEMORY_MIB})
  --metrics-open         answer GET /metrics without the token (for a scraper that has none)
  --record FILE          append one line per call to FILE: hookgate's trace format (hook-run
                         replay reads it) with time, agent, status, decision, the deciding
                         hook, its reason and the duration; a failed write loses the line,
                         never the call
  --record-max-bytes N   rotate FILE before it grows past N bytes (default ${DEFAULT_RECORD_MAX_BYTES}: ${
    DEFAULT_RECORD_MAX_BYTES / 1024 / 1024
  } MiB)
  --record-keep K        rotated files kept, FILE.1 (newest) to FILE.K (default ${DEFAULT_RECORD_KEEP})
  --cwd DIR              where to find the project whose layers count, for every call (default: the
                         current directory): the nearest directory up from there holding .hookgate/
  --trace                one line per call, and one per hook, on stderr

SIGINT or SIGTERM stops accepting calls, lets those in flight finish (at most
${SHUTDOWN_GRACE_MS / 1000} s, then they are cancelled and their hooks killed) and exits 0; a
second signal kills running hooks and exits at once.
`;

/**
 * Runs the server until SIGINT or SIGTERM.
 *
 * @param version The version /healthz reports.
 */
export async function serveCommand(args: string[], io: CliIo, version = "unknown"): Promise<number> {
  const { values, positionals } = parseFlags("serve", args, SERVE_FLAGS);
  if (values.help) {
    io.stdout(SERVE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}" for "serve"`);
  const flags = commonFlags(values);
  const trace = values.trace === true;
  const settings = serveSettings(values);
  const { port, hostname, tokenEnv } = settings;
  if (!isLoopback(hostname) && tokenEnv === undefined) {
    throw new CliError(
      `refusing to listen on "${hostname}" without a token: anyone who reaches it could call your hooks; ` +
        `set one in an environment variable and pass --token-env NAME (or listen on 127.0.0.1)`,
    );
  }
  const token = tokenEnv === undefined ? undefined : readToken(tokenEnv);
  // One project for every call, found from --cwd as every front end finds it: a call's cwd never picks another.
  const found = await projectOf(await workingDirectory(flags.cwd));
  const projectRoot = found.root;
  const recordPath = await recordFile(settings.record);

  const say = (message: string) => io.stderr(`hook-run serve: ${printableLines(message)}\n`);
  const metrics = new ServeMetrics(version);
  let audit: ServeHandlerOptions["audit"];
  if (recordPath !== undefined) {
    try {
      audit = {
        log: await AuditLog.open({
          path: recordPath,
          maxBytes: settings.recordMaxBytes,
          keep: settings.recordKeep,
          say,
          onOutcome: (outcome) => metrics.recordOutcome(outcome),
        }),
        records: await callRecords(),
      };
    } catch (error) {
      throw new CliError(`cannot record to ${recordPath}: ${(error as Error).message}`);
    }
  }
  const onInvocation = (record: HookInvocationRecord) => {
    metrics.invoked(record);
    audit?.records.note(record);
    if (trace) io.stderr(hookLine(record, 0, false, 0, { ...io, color: false }));
  };
  const open = async (agent: Agent) => {
    const host = await openAgentHost(agent, flags, projectRoot, {
      watch: true,
      logger: { info: say, warn: say, error: say, ...(trace ? { debug: say } : {}) },
      onInvocation,
      onReload: () => metrics.reloaded("ok"),
      onReloadError: () => metrics.reloaded("error"),
      callerProjectDir: found.start,
    });
    // A --config the agent runs itself is neither run twice nor dropped: refused.
    const refused = refusedConfig(host.config);
    if (refused === undefined) return host;
    await host.close();
    throw new CliError(refused);
  };
  // Closed last, whichever way serve ends: the lines queued are written first.
  try {
    return await listen();
  } finally {
    await audit?.log.close();
  }

  async function listen(): Promise<number> {
    let host;
    try {
      host = await open(CLAUDE_AGENT);
    } catch (error) {
      io.stderr(`hook-run serve: ${printable(hostErrorMessage(error, projectRoot, io))}; not started\n`);
      return 1;
    }
    // Another agent's calls (?agent=) load the layers for it as the caller, on its first call.
    const others = new AgentHosts(open, (error) => hostErrorMessage(error, projectRoot, io));
    const handler = new ServeHandler({
      host,
      hostFor: (agent) => others.get(agent),
      ...(token === undefined ? {} : { authorized: await bearerCheck(token) }),
      hostNames: settings.hostNames,
      budget: new BodyBudget(settings.bodyMemoryBytes),
      version,
      trace,
      io,
      metrics,
      metricsOpen: settings.metricsOpen,
      ...(audit === undefined ? {} : { audit }),
    });
    let server: HttpServer;
    try {
      // Asked first: listening unasked would prompt on a terminal.
      if (Deno.permissions.querySync({ name: "net", host: `${hostname}:${port}` }).state !== "granted") {
        throw new Deno.errors.NotCapable(`Requires net access to "${hostname}:${port}"`);
      }
      server = new HttpServer({
        hostname,
        port,
        headerTimeoutMs: settings.headerTimeoutMs,
        bodyTimeoutMs: settings.bodyTimeoutMs,
        maxConnections: settings.maxConnections,
        handler: (request) => handler.handle(request),
        say,
      });
    } catch (error) {
      await host.close();
      throw new CliError(listenError(error, hostname, port));
    }
    const hosts = {
      close: () => Promise.all([host.close(), others.close()]).then(() => {}),
      killRunningHooks: () =>
        Promise.all([host.runner.killRunningHooks(), others.killRunningHooks()]).then(([a, b]) => a + b),
    };

    const address = server.addr;
    const shown = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
    // The signal handlers are in place before the listening line: whoever
    // reads that line may stop the server at once and gets a clean shutdown.
    // The listening line comes last, so a supervisor waiting for it has read
    // everything the server says at start.
    return await untilStopped(server, handler, hosts, say, () => {
      say(
        token === undefined
          ? "no token: any process on this machine can call it"
          : `every call must carry "Authorization: Bearer <token>" with the token from $${tokenEnv} (compared in constant time)`,
      );
      say(
        `listening on http://${shown}:${address.port} (POST /hooks/<Event>, POST /hooks, GET /healthz, GET /metrics); ` +
          `${count(host.registry.all().length, "hook")} configured, reloaded when their files change; ` +
          `project ${projectRoot}${foundAbove(found)}`,
      );
    });
  }
}

/** The hosts of every agent served: closed and killed together. */
interface ServedHosts {
  close(): Promise<void>;
  killRunningHooks(): Promise<number>;
}

/** Waits for a signal, then shuts down in order; a second signal cuts that short. */
async function untilStopped(
  server: HttpServer,
  handler: ServeHandler,
  host: ServedHosts,
  say: (message: string) => void,
  ready: () => void,
): Promise<number> {
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  const first = Promise.withResolvers<Deno.Signal>();
  const second = Promise.withResolvers<"forced">();
  let received = 0;
  const listeners = signals.map((signal) => {
    const listener = () => ++received === 1 ? first.resolve(signal) : second.resolve("forced");
    Deno.addSignalListener(signal, listener);
    return [signal, listener] as const;
  });
  ready();
  try {
    const signal = await first.promise;
    say(
      `${signal}: no longer accepting calls; waiting up to ${SHUTDOWN_GRACE_MS / 1000} s for ${handler.inFlight} ` +
        `in flight (a second signal stops at once)`,
    );
    const stopped = await Promise.race([shutDown(server, handler, host, say), second.promise]);
    if (stopped === "forced") {
      const killed = await host.killRunningHooks();
      say(`second signal: killed ${count(killed, "running hook")}; exiting now`);
      return 130;
    }
    say("stopped");
    return 0;
  } finally {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  }
}

/**
 * Stops accepting, lets calls in flight finish (cancelling them after the
 * grace period), then closes the host: background hooks are awaited within
 * what is left of the grace period, and whatever still runs is killed.
 */
async function shutDown(
  server: HttpServer,
  handler: ServeHandler,
  host: ServedHosts,
  say: (message: string) => void,
): Promise<void> {
  const deadline = performance.now() + SHUTDOWN_GRACE_MS;
  handler.drain();
  const drained = server.shutdown();
  if (!await settlesWithin(drained, SHUTDOWN_GRACE_MS)) {
    say(`${count(handler.inFlight, "call")} still running: cancelling them and killing their hooks`);
    handler.cancel();
    server.closeWaiting();
    await drained;
  }
  const closed = host.close();
  if (!await settlesWithin(closed, Math.max(0, deadline - performance.now()))) {
    say("background hooks still running: killing them");
    await host.killRunningHooks();
    await closed;
  }
}

/** Whether `promise` settles within `ms`; the timer is cleared either way. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

function count(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}

/**
 * Loopback as written: `localhost`, 127.0.0.0/8 and ::1. Anything else may
 * be reachable from other machines.
 */
function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The token from `$name`: set, not empty, one word. */
function readToken(name: string): string {
  // Asked first: reading it unasked would prompt on a terminal.
  if (Deno.permissions.querySync({ name: "env", variable: name }).state !== "granted") {
    throw new CliError(`cannot read $${name} for --token-env: add --allow-env=${name} to the deno flags`);
  }
  const token = Deno.env.get(name);
  if (token === undefined || token === "") {
    throw new CliError(`--token-env ${name}: $${name} is not set or empty; refusing to start without the token`);
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new CliError(`--token-env ${name}: the token must be printable ASCII without spaces (as a bearer token is)`);
  }
  return token;
}

function listenError(error: unknown, hostname: string, port: number): string {
  if (error instanceof Deno.errors.NotCapable) {
    return `cannot listen on ${hostname}:${port}: not allowed by --allow-net; add --allow-net=${hostname}`;
  }
  if (error instanceof Deno.errors.AddrInUse) return `cannot listen on ${hostname}:${port}: the port is in use`;
  return `cannot listen on ${hostname}:${port}: ${(error as Error).message}`;
}
