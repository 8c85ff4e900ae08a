/**
 * The extension host: loads hook modules' factories into the shared
 * registry, gives each its `HookAPI`, and keeps what they register besides
 * handlers — commands, message renderers, statuses — and the error
 * listeners.
 *
 * @module
 */

import { basename } from "../_internal/path.ts";
import { DEFAULT_EXTENSION_LOAD_TIMEOUT_MS, timeoutProblem } from "../_internal/limits.ts";
import type { Logger } from "../events/env.ts";
import type { HookRegistry } from "../registry/registry.ts";
import { execCommand } from "../transports/command/exec.ts";
import type { HookProcesses } from "../transports/command/processes.ts";
import { HEADLESS_UI } from "./headless_ui.ts";
import { StatusLine } from "./status_line.ts";
import { withStatusLine } from "./_status_ui.ts";
import type {
  ExtensionSession,
  HookAPI,
  HookCommand,
  HookCommandContext,
  HookErrorEvent,
  HookFactory,
  HookUIContext,
  MessageRenderer,
  RegisteredCommand,
} from "./types.ts";
import { type ModuleScope, registerHandler } from "./_handlers.ts";

/**
 * Options of {@linkcode ExtensionHost}.
 *
 * @example A headless host
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import type { ExtensionHostOptions } from "@hookgate/core/extensions";
 *
 * const options: ExtensionHostOptions = { registry: new HookRegistry() };
 * ```
 */
export interface ExtensionHostOptions {
  /** The registry every handler joins (the runner's). */
  registry: HookRegistry;
  /** The host's user interface; without one, handlers get {@linkcode HEADLESS_UI} and `hasUI: false`. */
  ui?: HookUIContext;
  /** Where `sendMessage` and `appendEntry` go; without one they reject. */
  session?: ExtensionSession;
  /** Where ignored registrations and handler errors are reported. */
  logger?: Logger;
  /** Where `api.exec` processes are tracked (a runner's, to share its bound). */
  processes?: HookProcesses;
  /**
   * How long a factory may take before its module counts as failed.
   *
   * @default {10000}
   */
  loadTimeoutMs?: number;
}

interface Loaded {
  scope: ModuleScope;
  offs: (() => void)[];
}

/**
 * Loads extension modules into a registry and keeps their commands,
 * renderers and statuses.
 *
 * @example Load a factory and run a tool call through it
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { ExtensionHost } from "@hookgate/core/extensions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * const host = new ExtensionHost({ registry });
 * await host.load((api) => {
 *   api.on("tool_call", (event) =>
 *     String(event.input.command).includes("rm -rf") ? { block: true, reason: "no rm -rf" } : undefined
 *   );
 * }, "guard");
 * const runner = new HookRunner({ registry });
 * deepEqual(await runner.preToolUse("bash", { command: "rm -rf /" }, { cwd: "/tmp" }), {
 *   block: true,
 *   reason: "no rm -rf",
 * });
 * host.unloadAll();
 * ```
 */
export class ExtensionHost {
  #registry: HookRegistry;
  #ui: HookUIContext;
  #hasUI: boolean;
  #session: ExtensionSession | undefined;
  #logger: Logger | undefined;
  #processes: HookProcesses | undefined;
  #loadTimeoutMs: number;
  #modules = new Map<string, Loaded>();
  #commands: RegisteredCommand[] = [];
  #renderers = new Map<string, { renderer: MessageRenderer; hookPath: string }>();
  #listeners = new Set<(error: HookErrorEvent) => void>();
  #status = new StatusLine();

  /**
   * Creates a host.
   *
   * @param options The registry, and optionally the UI, session adapter,
   * logger, process tracker and factory timeout.
   * @throws {RangeError} When `loadTimeoutMs` is not 1 – 600 000 milliseconds.
   */
  constructor(options: ExtensionHostOptions) {
    this.#registry = options.registry;
    this.#hasUI = options.ui !== undefined;
    this.#ui = withStatusLine(options.ui ?? HEADLESS_UI, this.#status);
    this.#session = options.session;
    this.#logger = options.logger;
    this.#processes = options.processes;
    const problem = timeoutProblem(options.loadTimeoutMs);
    if (problem !== undefined) {
      const message = `Cannot create extension host: ${problem.message.replace('"timeoutMs"', '"loadTimeoutMs"')}`;
      throw problem.type ? new TypeError(message) : new RangeError(message);
    }
    this.#loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_EXTENSION_LOAD_TIMEOUT_MS;
  }

  /**
   * The registry every handler joins: give it to a {@linkcode HookRunner}
   * to emit events to the loaded modules.
   *
   * @example
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { ExtensionHost } from "@hookgate/core/extensions";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * equal(new ExtensionHost({ registry }).registry, registry);
   * ```
   */
  get registry(): HookRegistry {
    return this.#registry;
  }

  /**
   * Runs a module's factory with its own API. When the factory throws,
   * rejects or outlives `loadTimeoutMs`, everything it registered is
   * removed again and the error is thrown.
   *
   * @param factory The module's default export.
   * @param hookPath The module's absolute path (or a name for modules built in code).
   * @returns When the factory is done.
   * @throws {TypeError} When `hookPath` is already loaded or `factory` is not a function.
   * @throws {Error} Whatever the factory threw, or that it did not finish in time.
   */
  async load(factory: HookFactory, hookPath: string): Promise<void> {
    if (typeof factory !== "function") {
      throw new TypeError(
        `Cannot load extension "${hookPath}": its default export is ${describe(factory)}, not a function`,
      );
    }
    if (this.#modules.has(hookPath)) throw new TypeError(`Cannot load extension "${hookPath}": it is already loaded`);
    const loaded: Loaded = { scope: this.#scope(hookPath), offs: [] };
    this.#modules.set(hookPath, loaded);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`its factory did not finish within ${this.#loadTimeoutMs} ms`)),
          this.#loadTimeoutMs,
        );
      });
      await Promise.race([Promise.resolve().then(() => factory(this.#api(loaded))), deadline]);
    } catch (error) {
      this.unload(hookPath);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Removes everything a module registered: handlers, commands, renderers.
   *
   * @param hookPath The module.
   * @returns Whether it was loaded.
   */
  unload(hookPath: string): boolean {
    const loaded = this.#modules.get(hookPath);
    if (loaded === undefined) return false;
    this.#modules.delete(hookPath);
    for (const off of loaded.offs) off();
    // The backstop: whatever was registered under the module's name.
    this.#registry.drainByOwner(loaded.scope.owner);
    this.#commands = this.#commands.filter((command) => command.hookPath !== hookPath);
    for (const [type, { hookPath: from }] of this.#renderers) if (from === hookPath) this.#renderers.delete(type);
    return true;
  }

  /**
   * Unloads every module.
   *
   * @returns How many were loaded.
   */
  unloadAll(): number {
    const paths = [...this.#modules.keys()];
    for (const path of paths.reverse()) this.unload(path);
    return paths.length;
  }

  /**
   * The loaded modules, in load order.
   *
   * @returns Their paths.
   */
  get loaded(): string[] {
    return [...this.#modules.keys()];
  }

  /**
   * The command registered first under `name`.
   *
   * @param name The name, without a slash.
   * @returns The command, or `undefined`.
   */
  getCommand(name: string): RegisteredCommand | undefined {
    return this.#commands.find((command) => command.name === name);
  }

  /**
   * Every registered command in registration order, shadowed ones included.
   *
   * @returns The commands.
   */
  getRegisteredCommands(): RegisteredCommand[] {
    return [...this.#commands];
  }

  /**
   * Runs a command with the handler context; `actions` are the host's
   * command-only actions (e.g. `waitForIdle`, `newSession`).
   *
   * @param name The command.
   * @param args The text after its name.
   * @param options The working directory, session, signal and actions.
   * @returns `false` when no such command is registered.
   * @throws Whatever the command's handler threw (also reported to the error listeners).
   */
  async runCommand(
    name: string,
    args: string,
    options: { cwd: string; sessionId?: string; signal?: AbortSignal; actions?: Record<string, unknown> },
  ): Promise<boolean> {
    const command = this.getCommand(name);
    if (command === undefined) return false;
    const ctx: HookCommandContext = {
      ...options.actions,
      cwd: options.cwd,
      sessionId: options.sessionId ?? "",
      signal: options.signal ?? new AbortController().signal,
      hasUI: this.#hasUI,
      ui: this.#ui,
    };
    try {
      await command.handler(args, ctx);
    } catch (error) {
      this.#report(command.hookPath, `command:${name}`, error);
      throw error;
    }
    return true;
  }

  /**
   * The renderer registered first for a message type.
   *
   * @param customType The message type.
   * @returns The renderer, or `undefined`.
   */
  getMessageRenderer(customType: string): MessageRenderer | undefined {
    return this.#renderers.get(customType)?.renderer;
  }

  /**
   * Listens to handler failures (throws, rejections, deadlines).
   *
   * @param listener Called with `{hookPath, event, error}`.
   * @returns A function that stops listening.
   */
  onError(listener: (error: HookErrorEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The statuses extensions set with `ctx.ui.setStatus`.
   *
   * @returns The status line.
   */
  get statusLine(): StatusLine {
    return this.#status;
  }

  #scope(hookPath: string): ModuleScope {
    return {
      registry: this.#registry,
      hookPath,
      owner: `extension:${hookPath}`,
      label: basename(hookPath),
      ui: this.#ui,
      hasUI: this.#hasUI,
      report: (event, error) => this.#report(hookPath, event, error),
    };
  }

  #api(loaded: Loaded): HookAPI {
    const { scope } = loaded;
    const hookPath = scope.hookPath;
    const session = () => {
      if (this.#session === undefined) {
        throw new Error(
          `Cannot reach the session from ${scope.label}: this host gave extensions no session adapter (ExtensionHostOptions.session)`,
        );
      }
      return this.#session;
    };
    return Object.freeze<HookAPI>({
      hookPath,
      on: (event, handler, options) => {
        if (!this.#modules.has(hookPath)) throw new Error(`Cannot handle "${event}": ${scope.label} was unloaded`);
        const off = registerHandler(scope, event, handler, options);
        loaded.offs.push(off);
        return off;
      },
      registerCommand: (name, command) => this.#addCommand(hookPath, name, command),
      registerMessageRenderer: (customType, renderer) => this.#addRenderer(hookPath, customType, renderer),
      sendMessage: async (message, options) => await session().sendMessage(message, options),
      appendEntry: async (customType, data) => await session().appendEntry(customType, data),
      exec: (program, args, options = {}) =>
        execCommand(program, args, {
          ...(this.#processes === undefined ? {} : { processes: this.#processes }),
          ...options,
        }),
    });
  }

  #addCommand(hookPath: string, name: string, command: HookCommand): void {
    if (typeof name !== "string" || !/^[^\s/][^\s]*$/.test(name)) {
      throw new TypeError(
        `Cannot register command ${JSON.stringify(name)}: expected a name without spaces or a leading "/"`,
      );
    }
    if (typeof command?.handler !== "function") {
      throw new TypeError(`Cannot register command "${name}": "handler" must be a function`);
    }
    const first = this.getCommand(name);
    if (first !== undefined) {
      this.#warn(`Command "/${name}" of ${hookPath} is shadowed by the one ${first.hookPath} registered first`);
    }
    this.#commands.push({ ...command, name, hookPath });
  }

  #addRenderer(hookPath: string, customType: string, renderer: MessageRenderer): void {
    if (typeof renderer !== "function") {
      throw new TypeError(`Cannot register a renderer for "${customType}": expected a function`);
    }
    const first = this.#renderers.get(customType);
    if (first !== undefined) {
      this.#warn(`The renderer of "${customType}" from ${hookPath} is ignored: ${first.hookPath} registered one first`);
      return;
    }
    this.#renderers.set(customType, { renderer, hookPath });
  }

  #report(hookPath: string, event: HookErrorEvent["event"], error: unknown): void {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    for (const listener of this.#listeners) {
      try {
        listener({ hookPath, event, error: text });
      } catch (thrown) {
        this.#logger?.error?.(
          `An extension error listener threw: ${thrown instanceof Error ? thrown.message : thrown}`,
        );
      }
    }
  }

  #warn(message: string): void {
    try {
      this.#logger?.warn?.(message);
    } catch {
      // A broken logger must not break loading.
    }
  }
}

function describe(value: unknown): string {
  return value === null ? "null" : value === undefined ? "missing" : `a ${typeof value}`;
}
