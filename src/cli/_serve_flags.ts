// hook-run serve's own flags: where it listens, who may call, and the
// bounds that keep one client from holding it — each with the server's
// default.

import { CliError } from "../_internal/cli_error.ts";
import { defaultHome } from "../config/mod.ts";
import { serveSocketPath } from "../_internal/serve_socket.ts";
import { resolve } from "../_internal/path.ts";
import {
  DEFAULT_BODY_MEMORY_MIB,
  DEFAULT_BODY_TIMEOUT_S,
  DEFAULT_HEADER_TIMEOUT_S,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RECORD_KEEP,
  DEFAULT_RECORD_MAX_BYTES,
  DEFAULT_SERVE_PORT,
  hostName,
  LOOPBACK_NAMES,
} from "../server/mod.ts";

/** The flags of serve besides the common ones. */
export const SERVE_FLAGS = {
  port: { type: "string" as const },
  host: { type: "string" as const },
  "token-env": { type: "string" as const },
  "allowed-host": { type: "string" as const, multiple: true as const },
  "header-timeout": { type: "string" as const },
  "body-timeout": { type: "string" as const },
  "max-connections": { type: "string" as const },
  "body-memory": { type: "string" as const },
  trace: { type: "boolean" as const },
  "metrics-open": { type: "boolean" as const },
  record: { type: "string" as const },
  "record-max-bytes": { type: "string" as const },
  "record-keep": { type: "string" as const },
  socket: { type: "boolean" as const },
  "socket-path": { type: "string" as const },
  "socket-only": { type: "boolean" as const },
};

/** serve's settings, read from its flags. */
export interface ServeSettings {
  port: number;
  hostname: string;
  tokenEnv: string | undefined;
  /** The Host names a request may give; `null` takes any (a token guards the server). */
  hostNames: Set<string> | null;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  maxConnections: number;
  bodyMemoryBytes: number;
  /** GET /metrics without the token. */
  metricsOpen: boolean;
  /** The audit log's file, as given (`--record`). */
  record: string | undefined;
  recordMaxBytes: number;
  recordKeep: number;
  /** The Unix socket to listen on as well (`--socket`, `--socket-path`), absolute. */
  socket: string | undefined;
  /** Whether it listens on the TCP port too (not with `--socket-only`). */
  tcp: boolean;
}

/** The settings from parsed flag values; a CliError names a wrong one. */
export function serveSettings(values: Record<string, unknown>): ServeSettings {
  const tokenEnv = values["token-env"] as string | undefined;
  const allowed = (values["allowed-host"] as string[] | undefined) ?? [];
  for (const name of allowed) {
    if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i.test(hostName(name))) {
      throw new CliError(`--allowed-host must be a host name (with or without a port), got "${name}"`);
    }
  }
  return {
    port: integer(values.port, "--port", DEFAULT_SERVE_PORT, 0, 65535),
    hostname: (values.host as string | undefined) ?? "127.0.0.1",
    tokenEnv,
    // With a token and no --allowed-host the server may sit behind any
    // name (a load balancer's); without one, only loopback's names reach it.
    hostNames: tokenEnv !== undefined && allowed.length === 0
      ? null
      : new Set([...LOOPBACK_NAMES, ...allowed.map(hostName)]),
    headerTimeoutMs: secondsFlag(values["header-timeout"], "--header-timeout", DEFAULT_HEADER_TIMEOUT_S),
    bodyTimeoutMs: secondsFlag(values["body-timeout"], "--body-timeout", DEFAULT_BODY_TIMEOUT_S),
    maxConnections: integer(values["max-connections"], "--max-connections", DEFAULT_MAX_CONNECTIONS, 1, 1_000_000),
    bodyMemoryBytes: integer(values["body-memory"], "--body-memory", DEFAULT_BODY_MEMORY_MIB, 1, 1_048_576) *
      1024 * 1024,
    metricsOpen: values["metrics-open"] === true,
    record: values.record as string | undefined,
    // A few lines at least: a smaller bound would rotate at nearly every call.
    recordMaxBytes: integer(values["record-max-bytes"], "--record-max-bytes", DEFAULT_RECORD_MAX_BYTES, 4096, 2 ** 50),
    recordKeep: integer(values["record-keep"], "--record-keep", DEFAULT_RECORD_KEEP, 0, 1000),
    socket: socketOf(values),
    tcp: values["socket-only"] !== true,
  };
}

/** The socket from --socket, --socket-path and --socket-only (each of which asks for one). */
function socketOf(values: Record<string, unknown>): string | undefined {
  const path = values["socket-path"] as string | undefined;
  if (path !== undefined) {
    if (path === "") throw new CliError("--socket-path must name a file, got an empty path");
    return resolve(path);
  }
  if (values.socket !== true && values["socket-only"] !== true) return undefined;
  const home = defaultHome();
  if (home === undefined) {
    throw new CliError(
      "--socket: neither $HOOKGATE_HOME nor $HOME is set, so there is no default socket; give --socket-path PATH",
    );
  }
  return serveSocketPath(home);
}

function integer(value: unknown, flag: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value as string) || number < min || number > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return number;
}

/** A timeout in seconds (fractions allowed, at most an hour), as milliseconds. */
function secondsFlag(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback * 1000;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value as string) || number <= 0 || number > 3600) {
    throw new CliError(`${flag} must be a number of seconds above 0 and at most 3600, got "${value}"`);
  }
  return Math.round(number * 1000);
}
