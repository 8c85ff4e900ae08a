// hook-run serve as its tests run it: a real server process on a loopback
// port, started with the hook-run task's own permission flags; requests
// with fetch or, where a test needs bytes fetch will not send (another
// Host, half a request), over a raw TCP connection.

import { join } from "node:path";
import { hookRunCommand } from "./_cli.ts";
import { delay } from "../_helpers.ts";

export interface Served {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The server's process id. */
  pid: number;
  /** What the server said on stderr so far. */
  stderr(): string;
  /** Sends `signal` and waits for the exit (SIGKILL after 20 s). */
  stop(signal?: Deno.Signal): Promise<{ code: number; stderr: string }>;
  /** Sends a signal without waiting. */
  signal(signal: Deno.Signal): void;
  /** The exit, whoever caused it. */
  exited: Promise<{ code: number; stderr: string }>;
}

/** Starts hook-run serve on a free port and waits for its listening line. */
export async function serve(
  args: string[],
  options: {
    cwd: string;
    env?: Record<string, string>;
    descriptors?: number;
    /** A home to keep (the trust file lives there); a fresh one, removed at exit, otherwise. */
    home?: string;
  },
): Promise<Served> {
  const home = options.home ?? await Deno.makeTempDir({ prefix: "hookgate-home-" });
  const child = hookRunCommand(["serve", "--port", "0", ...args], {
    home,
    cwd: options.cwd,
    stdin: "null",
    stdout: "null",
    ...(options.env ? { env: options.env } : {}),
    ...(options.descriptors ? { descriptors: options.descriptors } : {}),
  }).spawn();
  let text = "";
  const listening = Promise.withResolvers<string>();
  const read = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      text += decoder.decode(chunk, { stream: true });
      const found = /listening on (http:\/\/\S+) /.exec(text);
      if (found) listening.resolve(found[1]!);
    }
  })();
  const killer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  const exited = (async () => {
    const { code } = await child.status;
    await read;
    clearTimeout(killer);
    if (options.home === undefined) await Deno.remove(home, { recursive: true });
    listening.reject(new Error(`hook-run serve exited with ${code} before listening:\n${text}`));
    return { code, stderr: text };
  })();
  const url = await listening.promise;
  return {
    url,
    pid: child.pid,
    stderr: () => text,
    signal: (signal) => child.kill(signal),
    exited,
    async stop(signal = "SIGTERM") {
      try {
        child.kill(signal);
      } catch {
        // Already gone: the exit says how.
      }
      const late = setTimeout(() => child.kill("SIGKILL"), 20_000);
      try {
        return await exited;
      } finally {
        clearTimeout(late);
      }
    },
  };
}

/** A POST of `body` (an object is sent as JSON); the status and the text of the answer. */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** A POST of `count` MiB of `fill` as a stream (chunked: no declared length); the status and the text. */
export async function postStream(url: string, count: number, fill: string): Promise<{ status: number; text: string }> {
  const chunk = new TextEncoder().encode(fill.repeat(1024 * 1024));
  let sent = 0;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new ReadableStream({
      pull(controller) {
        if (sent++ < count) controller.enqueue(chunk);
        else controller.close();
      },
    }),
  });
  return { status: response.status, text: await response.text() };
}

/** Waits until `check` holds, polling; fails after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!await check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

/** Whether process `pid` runs (and is not a zombie), as `ps` sees it. */
export async function alive(pid: number): Promise<boolean> {
  const { stdout } = await new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)], stdout: "piped" })
    .output();
  const state = new TextDecoder().decode(stdout).trim();
  return state !== "" && !state.startsWith("Z");
}

/** The resident memory of process `pid`, in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const { stdout } = await new Deno.Command("ps", { args: ["-o", "rss=", "-p", String(pid)], stdout: "piped" })
    .output();
  return Number(new TextDecoder().decode(stdout).trim()) * 1024;
}

export const TRUSTED = { HOOKGATE_TRUST_PROJECT: "1" };

/** A temporary directory holding `hooks` as hooks.jsonc (native configuration). */
export async function withConfig(
  hooks: Record<string, unknown>,
  fn: (dir: string, config: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-serve-" }));
  try {
    await Deno.writeTextFile(join(dir, "hooks.jsonc"), JSON.stringify({ hooks }));
    await fn(dir, join(dir, "hooks.jsonc"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Whether `path` exists yet. */
export function exists(path: string): Promise<boolean> {
  return Deno.stat(path).then(() => true, () => false);
}

/** A TCP connection to the server at `url`. */
export function connect(url: string): Promise<Deno.TcpConn> {
  return Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(url).port) });
}

/** One HTTP response as read from a raw connection. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Reads one response from `conn`: `null` when the server closed the
 * connection before a whole one (or reset it), or `"open"` when none came
 * within `ms` (the connection is left as it is).
 */
export async function readResponse(conn: Deno.Conn, ms = 30_000): Promise<RawResponse | null | "open"> {
  const decoder = new TextDecoder();
  let text = "";
  const buffer = new Uint8Array(64 * 1024);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"open">((resolve) => timer = setTimeout(() => resolve("open"), ms));
  try {
    while (true) {
      const read = await Promise.race([conn.read(buffer).catch(() => null), late]);
      if (read === "open") return "open";
      if (read === null) return parseResponse(text) ?? null;
      text += decoder.decode(buffer.subarray(0, read));
      const parsed = parseResponse(text);
      if (parsed !== undefined) return parsed;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A whole response in `text`, or `undefined` while it is incomplete. */
function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [status, ...lines] = text.slice(0, end).split("\r\n");
  const headers = new Headers(lines.map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string];
  }));
  const body = text.slice(end + 4);
  const length = Number(headers.get("content-length") ?? body.length);
  if (body.length < length) return undefined;
  return { status: Number(status!.split(" ")[1]), headers, text: body.slice(0, length) };
}

/** Writes all of `text` to `conn`. */
export async function write(conn: Deno.Conn, text: string | Uint8Array): Promise<void> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

/**
 * One request over a fresh connection, as `head` lines (the request line
 * first) and a body; Content-Length is added unless `head` sets framing.
 */
export async function raw(url: string, head: string[], body = ""): Promise<RawResponse> {
  const conn = await connect(url);
  try {
    const framed = head.some((line) => /^(content-length|transfer-encoding):/i.test(line));
    const length = new TextEncoder().encode(body).length;
    await write(conn, [...head, ...(framed ? [] : [`content-length: ${length}`]), "", body].join("\r\n"));
    const response = await readResponse(conn);
    if (response === null || response === "open") throw new Error(`no answer to ${head[0]} (${response})`);
    return response;
  } finally {
    conn.close();
  }
}
