// Where hook-run serve listens: its TCP port, its Unix socket, or both —
// one request path behind them (the same handler, the same HTTP/1.1
// reader, the same bounds), shut down together. The socket's calls are
// told apart only so that they need no token: its file mode is the gate.

import type { HttpHandler, HttpRequest } from "./_http_head.ts";
import { HttpServer, type HttpServerOptions } from "./_http_server.ts";
import { listenOnSocket, prepareSocket, removeSocket } from "./_unix_socket.ts";

/** The servers of one hook-run serve. */
export class Listeners {
  /** The TCP server, unless the socket is the only one. */
  readonly tcp: HttpServer | undefined;
  /** The socket's path, when it listens on one. */
  readonly socket: string | undefined;
  #unix: HttpServer | undefined;
  #made: Deno.FileInfo | undefined;

  private constructor(tcp: HttpServer | undefined, unix: HttpServer | undefined, socket: string | undefined) {
    this.tcp = tcp;
    this.#unix = unix;
    this.socket = socket;
  }

  /**
   * Opens the TCP server (unless `tcp` is `false`) and the socket at
   * `socket` (when given), both answered by `handle`.
   *
   * @throws {CliError} When the socket's directory or path cannot be used (see {@linkcode prepareSocket}).
   */
  static async open(
    options: Omit<HttpServerOptions, "handler" | "listener"> & {
      handle: (request: HttpRequest, local: boolean) => ReturnType<HttpHandler>;
      tcp: boolean;
      socket: string | undefined;
    },
  ): Promise<Listeners> {
    const { handle, tcp, socket, ...limits } = options;
    if (socket !== undefined) await prepareSocket(socket);
    const server = tcp ? new HttpServer({ ...limits, handler: (request) => handle(request, false) }) : undefined;
    if (socket === undefined) return new Listeners(server, undefined, undefined);
    let unix: HttpServer;
    try {
      unix = new HttpServer({
        ...limits,
        listener: listenOnSocket(socket),
        handler: (request) => handle(request, true),
      });
    } catch (error) {
      await server?.shutdown();
      throw error;
    }
    const listeners = new Listeners(server, unix, socket);
    listeners.#made = await Deno.lstat(socket).catch(() => undefined);
    return listeners;
  }

  /** Stops accepting on both and resolves when their connections are done; the socket file is removed. */
  async shutdown(): Promise<void> {
    await Promise.all([this.tcp?.shutdown(), this.#unix?.shutdown()]);
    if (this.socket !== undefined) await removeSocket(this.socket, this.#made);
  }

  /** Closes the connections still waiting for a request's head, on both. */
  closeWaiting(): void {
    this.tcp?.closeWaiting();
    this.#unix?.closeWaiting();
  }
}
