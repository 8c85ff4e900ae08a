// hook-run serve's server, from its start to its end: the hosts of the
// agents it answers (one host with hot reload per agent, Claude Code's
// opened first), the counters of /metrics and the audit log, the HTTP/1.1
// listener with its bounds, and the shutdown a signal starts — stop
// accepting, let the calls in flight finish within a grace period (then
// cancel them, their hooks killed), close the hosts.

import { CliError } from "../_internal/cli_error.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { printable, printableLines } from "../_internal/printable.ts";
import type { ProjectRoot } from "../config/mod.ts";
import { type Agent, CLAUDE_AGENT } from "../host/agent_call.ts";
import { type AgentHostFlags, AgentHosts, hostErrorMessage, openAgentHost, refusedConfig } from "../host/agent_host.ts";
import type { HookInvocationRecord } from "../runner/types.ts";
import { AuditLog } from "./_audit_log.ts";
import { bearerCheck } from "./_bearer.ts";
import { BodyBudget } from "./_body.ts";
import { callRecords } from "./_call_records.ts";
import { ServeHandler, type ServeHandlerOptions } from "./_handler.ts";
import { Listeners } from "./_listeners.ts";
import { ServeMetrics } from "./_metrics.ts";
import {
  DEFAULT_BODY_MEMORY_MIB,
  DEFAULT_BODY_TIMEOUT_S,
  DEFAULT_HEADER_TIMEOUT_S,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RECORD_KEEP,
  DEFAULT_RECORD_MAX_BYTES,
  DEFAULT_SERVE_PORT,
} from "./defaults.ts";
import { LOOPBACK_NAMES } from "./host_names.ts";

/**
 * How many other projects' hosts a server opens for the fast path's calls
 * over its socket (each an agent's, kept until the server stops, each with
 * its files watched); a call of one more project is left to the gateway.
 */
export const MAX_PROJECT_HOSTS = 16;

/** How long shutdown waits for calls in flight before it cancels them (their hooks are killed). */
export const SHUTDOWN_GRACE_MS = 10_000;

/** What {@linkcode servePolicy} serves, where, and within which bounds. */
export interface PolicyServerOptions {
  /** Where the hooks come from besides the layers: `--config`, `--plugin`, `--extension`. */
  flags: AgentHostFlags;
  /**
   * The project whose layers count (found from `--cwd`: a call's cwd never picks another), but for the fast
   * path's calls over the socket, each answered with its own project's (up to {@linkcode MAX_PROJECT_HOSTS}).
   */
  project: ProjectRoot;
  /** The version /healthz and /metrics report. */
  version: string;
  /** Where the server says what it does: its start, its troubles, its shutdown. */
  io: CliIo;
  /**
   * The address to listen on.
   *
   * @default {"127.0.0.1"}
   */
  hostname?: string;
  /**
   * The port (0 picks a free one).
   *
   * @default {8787}
   */
  port?: number;
  /**
   * A Unix domain socket to listen on as well (its directory is made 0700,
   * the socket 0600; calls over it need no token).
   */
  socket?: string;
  /**
   * Listen on `hostname:port` too; `false` listens on the socket alone.
   *
   * @default {true}
   */
  tcp?: boolean;
  /** The token every call must carry as `Authorization: Bearer <token>`; without one, any local process may call. */
  token?: string;
  /**
   * The Host names a request may give (lower case, without a port); `null`
   * takes any, which only a token makes safe.
   *
   * @default {the loopback names: 127.0.0.1, localhost, [::1]}
   */
  hostNames?: ReadonlySet<string> | null;
  /**
   * How long a connection may take to send a request's head, or stay idle between requests.
   *
   * @default {10_000}
   */
  headerTimeoutMs?: number;
  /**
   * How long a request's body may take to arrive once its head is in.
   *
   * @default {30_000}
   */
  bodyTimeoutMs?: number;
  /**
   * Connections open at once.
   *
   * @default {256}
   */
  maxConnections?: number;
  /**
   * What all request bodies in flight may hold together, in bytes.
   *
   * @default {64 MiB}
   */
  bodyMemoryBytes?: number;
  /** Answer GET /metrics without the token (for a scraper that has none). */
  metricsOpen?: boolean;
  /** The audit log: one line per call appended to `path` (absolute), rotated past `maxBytes`, `keep` rotated files kept. */
  record?: { path: string; maxBytes?: number; keep?: number };
  /** One line per call on stderr (and each host's debug messages). */
  trace?: boolean;
  /** Each hook invocation of every call, after the server counted it (`--trace` prints one line each). */
  onInvocation?: (record: HookInvocationRecord) => void;
  /**
   * Once the server listens and a signal would stop it cleanly: where it
   * listens and how many hooks Claude Code's host holds. What the server
   * says is said before, so a supervisor waiting for a line said here has
   * read all of it.
   */
  onListening?: (listening: { addr: Deno.NetAddr | undefined; socket: string | undefined; hooks: number }) => void;
}

/**
 * How {@linkcode servePolicy} ended: stopped by a signal, each call in flight
 * answered; cut short by a second signal, the running hooks killed; or never
 * started, since Claude Code's configuration could not be loaded (said on
 * stderr).
 */
export type PolicyServerEnd = "stopped" | "forced" | "not started";

/**
 * Runs the policy server until SIGINT or SIGTERM: Claude Code's HTTP hooks
 * (and any agent's, `?agent=`) answered as hook-run gateway answers them,
 * from one host per agent reloaded when its files change.
 *
 * @throws {CliError} When it cannot listen (the port is in use, `--allow-net` lacks the address) or open the audit log.
 */
export async function servePolicy(options: PolicyServerOptions): Promise<PolicyServerEnd> {
  const { flags, project, version, io } = options;
  const trace = options.trace === true;
  const hostname = options.hostname ?? "127.0.0.1";
  const port = options.port ?? DEFAULT_SERVE_PORT;
  const projectRoot = project.root;
  const say = (message: string) => io.stderr(`hook-run serve: ${printableLines(message)}\n`);
  const metrics = new ServeMetrics(version);
  let audit: ServeHandlerOptions["audit"];
  const record = options.record;
  if (record !== undefined) {
    try {
      audit = {
        log: await AuditLog.open({
          path: record.path,
          maxBytes: record.maxBytes ?? DEFAULT_RECORD_MAX_BYTES,
          keep: record.keep ?? DEFAULT_RECORD_KEEP,
          say,
          onOutcome: (outcome) => metrics.recordOutcome(outcome),
        }),
        records: await callRecords(),
      };
    } catch (error) {
      throw new CliError(`cannot record to ${record.path}: ${(error as Error).message}`);
    }
  }
  const onInvocation = (record: HookInvocationRecord) => {
    metrics.invoked(record);
    audit?.records.note(record);
    options.onInvocation?.(record);
  };
  // The server's project, or another project's for the fast path's calls over the socket.
  const open = async (agent: Agent, other: ProjectRoot = project) => {
    const host = await openAgentHost(agent, flags, other.root, {
      watch: true,
      logger: { info: say, warn: say, error: say, ...(trace ? { debug: say } : {}) },
      onInvocation,
      onReload: () => metrics.reloaded("ok"),
      onReloadError: () => metrics.reloaded("error"),
      callerProjectDir: other.start,
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

  async function listen(): Promise<PolicyServerEnd> {
    let host;
    try {
      host = await open(CLAUDE_AGENT);
    } catch (error) {
      io.stderr(`hook-run serve: ${printable(hostErrorMessage(error, projectRoot, io))}; not started\n`);
      return "not started";
    }
    // Another agent's calls (?agent=) load the layers for it as the caller, on its first call.
    const others = new AgentHosts(open, (error) => hostErrorMessage(error, projectRoot, io), MAX_PROJECT_HOSTS);
    const handler = new ServeHandler({
      host,
      project,
      hostFor: (agent, other) => others.get(agent, other),
      ...(options.token === undefined ? {} : { authorized: await bearerCheck(options.token) }),
      hostNames: options.hostNames === undefined ? new Set(LOOPBACK_NAMES) : options.hostNames,
      budget: new BodyBudget(options.bodyMemoryBytes ?? DEFAULT_BODY_MEMORY_MIB * 1024 * 1024),
      version,
      trace,
      io,
      metrics,
      metricsOpen: options.metricsOpen === true,
      ...(audit === undefined ? {} : { audit }),
    });
    let server: Listeners;
    const tcp = options.tcp !== false;
    try {
      // Asked first: listening unasked would prompt on a terminal.
      if (tcp && Deno.permissions.querySync({ name: "net", host: `${hostname}:${port}` }).state !== "granted") {
        throw new Deno.errors.NotCapable(`Requires net access to "${hostname}:${port}"`);
      }
      server = await Listeners.open({
        hostname,
        port,
        tcp,
        socket: options.socket,
        headerTimeoutMs: options.headerTimeoutMs ?? DEFAULT_HEADER_TIMEOUT_S * 1000,
        bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_S * 1000,
        maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
        handle: (request, local) => handler.handle(request, local),
        say,
      });
    } catch (error) {
      await host.close();
      if (error instanceof CliError) throw error;
      throw new CliError(listenError(error, hostname, port, options.socket));
    }
    const hosts = {
      close: () => Promise.all([host.close(), others.close()]).then(() => {}),
      killRunningHooks: () =>
        Promise.all([host.runner.killRunningHooks(), others.killRunningHooks()]).then(([a, b]) => a + b),
    };
    // The signal handlers are in place before the listening line: whoever
    // reads that line may stop the server at once and gets a clean shutdown.
    return await untilStopped(server, handler, hosts, say, () => {
      options.onListening?.({
        addr: server.tcp?.addr as Deno.NetAddr | undefined,
        socket: server.socket,
        hooks: host.registry.all().length,
      });
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
  server: Listeners,
  handler: ServeHandler,
  host: ServedHosts,
  say: (message: string) => void,
  ready: () => void,
): Promise<PolicyServerEnd> {
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
      return "forced";
    }
    say("stopped");
    return "stopped";
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
  server: Listeners,
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

function listenError(error: unknown, hostname: string, port: number, socket: string | undefined): string {
  if (socket !== undefined && error instanceof Deno.errors.NotCapable && /read|write/i.test(error.message)) {
    return `cannot listen on ${socket}: not allowed by --allow-read and --allow-write; add both for it`;
  }
  if (error instanceof Deno.errors.NotCapable) {
    return `cannot listen on ${hostname}:${port}: not allowed by --allow-net; add --allow-net=${hostname}`;
  }
  if (error instanceof Deno.errors.AddrInUse) return `cannot listen on ${hostname}:${port}: the port is in use`;
  return `cannot listen on ${hostname}:${port}: ${(error as Error).message}`;
}
