// hook-run serve's listener: its own accept loop over Deno.listen, because
// Deno.serve's (Deno 2.9.6) dies on the first accept error — at the
// descriptor limit EMFILE rejects its `finished` and the process exits,
// after which every call is refused and Claude lets it through. Here an
// accept error is said once and retried with a back-off while the open
// connections keep being answered; at the cap, the oldest connection that
// has not sent a whole request's head is closed to make room (a flood of
// idle sockets must not make a real call wait until Claude reads its
// timeout as "go ahead"), and only when every connection is busy with a
// request do new ones wait in the kernel's queue; and one sweep enforces
// every connection's deadline (see _http_connection.ts).

import { type ConnectionLimits, HttpConnection } from "./_http_connection.ts";
import type { HttpHandler } from "./_http_head.ts";

/** What an {@linkcode HttpServer} listens on and how it bounds its connections. */
export interface HttpServerOptions extends ConnectionLimits {
  hostname: string;
  port: number;
  /** Accept on this listener (a Unix socket's) instead of opening `hostname:port`. */
  listener?: Deno.Listener;
  /**
   * The most connections open at once. At the cap, a new one replaces the
   * oldest that waits for a request's head; when none waits, it waits to
   * be accepted.
   */
  maxConnections: number;
  handler: HttpHandler;
  /** Says what the server cannot do (accept errors, the cap reached), one line each. */
  say(message: string): void;
}

/** The longest wait before accepting again after an accept error. */
const MAX_BACKOFF_MS = 1_000;
/** How often the same trouble (the cap reached, accept failing) is said at most. */
const SAY_EVERY_MS = 60_000;

/** An HTTP/1.1 server on one listener: TCP, or a Unix socket. */
export class HttpServer {
  /** The address it listens on. */
  readonly addr: Deno.Addr;
  #listener: Deno.Listener;
  #options: HttpServerOptions;
  #connections = new Set<HttpConnection>();
  /**
   * The connections that wait for a request's head, oldest first (a Set
   * keeps insertion order): those that never sent a whole one, then the
   * kept-alive ones between requests — a client that has been answered on
   * a connection is the last to lose it.
   */
  #fresh = new Set<HttpConnection>();
  #kept = new Set<HttpConnection>();
  #closing = false;
  /** Resolved when a connection closes: the accept loop waits on it at the cap. */
  #slot = Promise.withResolvers<void>();
  #sweep: ReturnType<typeof setInterval> | undefined;
  #wake: (() => void) | null = null;
  #accepting: Promise<void>;
  #drained = Promise.withResolvers<void>();

  /**
   * Listens and starts accepting.
   *
   * @throws {Deno.errors.AddrInUse} When the port is taken (and the other errors of `Deno.listen`).
   */
  constructor(options: HttpServerOptions) {
    this.#options = options;
    this.#listener = options.listener ??
      Deno.listen({ hostname: options.hostname, port: options.port, transport: "tcp" });
    this.addr = this.#listener.addr;
    this.#accepting = this.#accept();
  }

  /** Connections open now. */
  get connections(): number {
    return this.#connections.size;
  }

  /**
   * Stops accepting, closes the connections that wait for a request of
   * which nothing has arrived, and resolves when the others have answered
   * theirs and closed (a request whose head had begun to arrive is one).
   */
  async shutdown(): Promise<void> {
    if (!this.#closing) {
      this.#closing = true;
      this.#listener.close();
      this.#wake?.();
      this.#slot.resolve();
      for (const connection of this.#connections) {
        connection.closing = true;
        if (connection.idle) connection.close();
      }
      if (this.#connections.size === 0) this.#drained.resolve();
    }
    await this.#accepting;
    await this.#drained.promise;
    clearInterval(this.#sweep);
    this.#sweep = undefined;
  }

  /** Closes the connections still waiting for a request's head: shutdown waited for them long enough. */
  closeWaiting(): void {
    for (const connection of this.#connections) if (connection.phase === "head") connection.close();
  }

  async #accept(): Promise<void> {
    let backoff = 10;
    /** Whether the accept errors of now were said (then their end is said too). */
    let failing = false;
    let cappedSaid = -Infinity;
    let failingSaid = -Infinity;
    while (!this.#closing) {
      if (this.#full()) {
        if (performance.now() - cappedSaid >= SAY_EVERY_MS) {
          this.#options.say(
            `${this.#connections.size} connections open, the most --max-connections allows: new ones wait, and ` +
              `replace the oldest that have not sent a whole request`,
          );
          cappedSaid = performance.now();
        }
        // With a connection that waits for a head, the next one is accepted
        // and replaces it (below); with none, it waits in the kernel's queue.
        if (this.#fresh.size + this.#kept.size === 0) {
          await this.#slot.promise;
          continue;
        }
      }
      let conn: Deno.Conn;
      try {
        conn = await this.#listener.accept();
      } catch (error) {
        if (this.#closing) break;
        if (!failing && performance.now() - failingSaid >= SAY_EVERY_MS) {
          this.#options.say(
            `cannot accept connections: ${(error as Error).message}; the open ones are still answered, and ` +
              `accepting is retried (if the descriptor limit is reached, raise "ulimit -n" or lower --max-connections)`,
          );
          failingSaid = performance.now();
          failing = true;
        }
        await this.#pause(backoff);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        continue;
      }
      if (failing) this.#options.say("accepting connections again");
      failing = false;
      backoff = 10;
      // Room is made only for a connection that came: one closed ahead of
      // it would be a connection lost for nothing. Should the one that
      // waited have got its head in meanwhile, this one waits for a slot.
      while (this.#full() && !this.#closing && !this.#evict()) await this.#slot.promise;
      if (this.#closing) {
        conn.close();
        break;
      }
      this.#open(conn);
    }
  }

  #open(conn: Deno.Conn): void {
    try {
      if (conn.localAddr.transport === "tcp") (conn as Deno.TcpConn).setNoDelay(true);
    } catch {
      // A connection already reset: serving it ends at once.
    }
    const connection = new HttpConnection(conn, this.#options, this.#options.handler, this.#watcher);
    this.#connections.add(connection);
    this.#sweep ??= setInterval(() => this.#expire(), this.#sweepMs());
    connection.serve().finally(() => {
      this.#connections.delete(connection);
      this.#fresh.delete(connection);
      this.#kept.delete(connection);
      const slot = this.#slot;
      this.#slot = Promise.withResolvers<void>();
      slot.resolve();
      if (this.#connections.size === 0) {
        clearInterval(this.#sweep);
        this.#sweep = undefined;
        if (this.#closing) this.#drained.resolve();
      }
    });
  }

  #full(): boolean {
    return this.#connections.size >= this.#options.maxConnections;
  }

  /** Where connections say that they wait for a head, or have one. */
  #watcher = {
    waiting: (connection: HttpConnection) => {
      if (connection.requests === 0) {
        this.#fresh.add(connection);
      } else {
        // To the end: the one answered last is the newest.
        this.#kept.delete(connection);
        this.#kept.add(connection);
      }
    },
    busy: (connection: HttpConnection) => {
      this.#fresh.delete(connection);
      this.#kept.delete(connection);
    },
  };

  /**
   * Closes the oldest connection that waits for a request's head, to make
   * room for a new one; `false` when every connection is busy with a
   * request (those are never closed for room). Its slot is free at once:
   * the socket's descriptor is closed here.
   */
  #evict(): boolean {
    const [oldest] = this.#fresh.size > 0 ? this.#fresh : this.#kept;
    if (oldest === undefined) return false;
    this.#fresh.delete(oldest);
    this.#kept.delete(oldest);
    this.#connections.delete(oldest);
    oldest.close();
    return true;
  }

  /** Every connection past its phase's deadline is answered or closed. */
  #expire(): void {
    const now = performance.now();
    for (const connection of this.#connections) if (connection.deadline <= now) connection.expire();
  }

  /** How often deadlines are checked: a fifth of the shortest timeout, within 20 ms – 1 s. */
  #sweepMs(): number {
    const shortest = Math.min(this.#options.headerTimeoutMs, this.#options.bodyTimeoutMs);
    return Math.min(1_000, Math.max(20, shortest / 5));
  }

  /** Waits `ms`, or less if shutdown starts. */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = null;
        resolve();
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
    });
  }
}
