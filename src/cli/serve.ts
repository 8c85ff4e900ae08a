// `hook-run serve`: the gateway as a long-running HTTP service. Claude-style
// agents call it with `{"type": "http", "url": "http://127.0.0.1:<port>/hooks/<Event>"}`
// hooks, so no process starts per tool call, and many agents share one
// policy: one host with hot reload, one runner. The server is the server
// room's (src/server/: its answers, status codes and bounds); this command
// reads its flags, finds the project, and says where it listens.

import { AGENTS } from "../../mod.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printableLines } from "../_internal/printable.ts";
import {
  DEFAULT_BODY_MEMORY_MIB,
  DEFAULT_BODY_TIMEOUT_S,
  DEFAULT_HEADER_TIMEOUT_S,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RECORD_KEEP,
  DEFAULT_RECORD_MAX_BYTES,
  DEFAULT_SERVE_PORT,
  servePolicy,
  SHUTDOWN_GRACE_MS,
} from "../server/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { workingDirectory } from "./_payload.ts";
import { foundAbove, projectOf } from "./_project_root.ts";
import { recordFile } from "./_record.ts";
import { hookLine } from "./_render.ts";
import { SERVE_FLAGS, serveSettings } from "./_serve_flags.ts";

export const SERVE_HELP =
  `Usage: hook-run serve [--port N] [--host ADDR] [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR]
                      [--token-env NAME] [--allowed-host NAME]... [--header-timeout S] [--body-timeout S]
                      [--max-connections N] [--body-memory MIB] [--metrics-open]
                      [--record FILE] [--record-max-bytes N] [--record-keep K] [--trace]
                      [--socket | --socket-path PATH] [--socket-only]

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
  --socket               listen on a Unix socket as well: $HOOKGATE_HOME/run/serve.sock, in a
                         directory made 0700 (refused when it is wider or another user's),
                         the socket 0600; calls over it need no token (its mode is the gate).
                         The fast-path command hooks of "install claude --serve" call it
  --socket-path PATH     the same on another socket (its directory: the same rules)
  --socket-only          listen on the socket alone, no port (with --socket-path, or the default)
  --cwd DIR              where to find the project whose layers count (default: the current
                         directory): the nearest directory up from there holding .hookgate/; a
                         fast-path call over the socket is answered with its own project's (up
                         to 16 projects, each from a host opened on its first call)
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
  // The server's project, found from --cwd as every front end finds it: a call's cwd never picks another (but a
  // fast-path call over the socket, which only this user can send, names its own).
  const found = await projectOf(await workingDirectory(flags.cwd));
  const recordPath = await recordFile(settings.record);
  const say = (message: string) => io.stderr(`hook-run serve: ${printableLines(message)}\n`);
  const end = await servePolicy({
    flags,
    project: found,
    version,
    io,
    hostname,
    port,
    tcp: settings.tcp,
    ...(settings.socket === undefined ? {} : { socket: settings.socket }),
    ...(token === undefined ? {} : { token }),
    hostNames: settings.hostNames,
    headerTimeoutMs: settings.headerTimeoutMs,
    bodyTimeoutMs: settings.bodyTimeoutMs,
    maxConnections: settings.maxConnections,
    bodyMemoryBytes: settings.bodyMemoryBytes,
    metricsOpen: settings.metricsOpen,
    ...(recordPath === undefined
      ? {}
      : { record: { path: recordPath, maxBytes: settings.recordMaxBytes, keep: settings.recordKeep } }),
    trace,
    ...(trace ? { onInvocation: (record) => io.stderr(hookLine(record, 0, false, 0, { ...io, color: false })) } : {}),
    // The listening line comes last, so a supervisor waiting for it has read
    // everything the server says at start.
    onListening: ({ addr, socket, hooks }) => {
      if (addr !== undefined) {
        say(
          token === undefined
            ? "no token: any process on this machine can call it"
            : `every call must carry "Authorization: Bearer <token>" with the token from $${tokenEnv} (compared in constant time)`,
        );
      }
      if (socket !== undefined) say(`on the socket ${socket} (mode 0600, its directory 0700): no token needed`);
      const where = [
        ...(addr === undefined
          ? []
          : [`http://${addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname}:${addr.port}`]),
        ...(socket === undefined ? [] : [`unix:${socket}`]),
      ].join(" and ");
      say(
        `listening on ${where} (POST /hooks/<Event>, POST /hooks, GET /healthz, GET /metrics); ` +
          `${count(hooks, "hook")} configured, reloaded when their files change; ` +
          `project ${found.root}${foundAbove(found)}`,
      );
    },
  });
  return end === "stopped" ? 0 : end === "forced" ? 130 : 1;
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
