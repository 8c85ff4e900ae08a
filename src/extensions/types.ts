/**
 * The typed extension API (xcsh-style): what a hook module's factory gets
 * (`HookAPI`), what its handlers get (`HookContext`, with the UI), and the
 * adapters a host provides (`ExtensionSession`, `HookUIContext`).
 *
 * @module
 */

import type { CustomMessage, ExtensionEvent, ExtensionEventOf, ExtensionResultOf } from "../events/extension_map.ts";
import type { ExecCommandOptions, ExecResult } from "../transports/command/exec.ts";

/**
 * The user interface an extension may use. A host with a UI implements it;
 * without one, {@linkcode HEADLESS_UI} answers: nothing selected, nothing
 * confirmed, nothing typed.
 *
 * @example Ask before something dangerous
 * ```ts
 * import type { HookUIContext } from "@hookgate/core/extensions";
 *
 * async function allowed(ui: HookUIContext, command: string): Promise<boolean> {
 *   return await ui.confirm("Dangerous command", `Allow: ${command}`);
 * }
 * ```
 */
export interface HookUIContext {
  /** Lets the user pick one option; `undefined` when dismissed (or headless). */
  select(title: string, options: string[]): Promise<string | undefined>;
  /** Asks yes or no; `false` when dismissed (or headless). */
  confirm(title: string, message: string): Promise<boolean>;
  /** Asks for one line of text; `undefined` when dismissed (or headless). */
  input(title: string, placeholder?: string): Promise<string | undefined>;
  /** Opens an editor; `undefined` when dismissed (or headless). */
  editor(title: string, prefill?: string): Promise<string | undefined>;
  /** Shows a notification (a no-op headless). */
  notify(message: string, type?: "info" | "warning" | "error"): void;
  /** Sets (or with `undefined` clears) this key's status text (a no-op headless). */
  setStatus(key: string, text: string | undefined): void;
  /** Shows a host-specific component; `undefined` headless. */
  custom(component: unknown): Promise<unknown>;
  /** Replaces the text in the input editor (a no-op headless). */
  setEditorText(text: string): void;
  /** The text in the input editor (`""` headless). */
  getEditorText(): string;
  /** The host's theme (plain text headless). */
  readonly theme: HookTheme;
}

/**
 * Styling helpers of the host's theme.
 *
 * @example
 * ```ts
 * import type { HookTheme } from "@hookgate/core/extensions";
 *
 * const warn = (theme: HookTheme, text: string) => theme.bold(theme.fg("warning", text));
 * ```
 */
export interface HookTheme {
  /** Colours text with one of the theme's named colours. */
  fg(color: string, text: string): string;
  /** Bold text. */
  bold(text: string): string;
}

/**
 * What every extension handler gets beside its event.
 *
 * @example Respect the deadline
 * ```ts
 * import type { HookContext } from "@hookgate/core/extensions";
 *
 * async function check(ctx: HookContext): Promise<void> {
 *   ctx.signal.throwIfAborted();
 *   if (ctx.hasUI) ctx.ui.notify(`checking ${ctx.cwd}`);
 * }
 * ```
 */
export interface HookContext {
  /** The agent's working directory. */
  readonly cwd: string;
  /** The session. */
  readonly sessionId: string;
  /** Fires when the handler's deadline passes or the caller cancels. */
  readonly signal: AbortSignal;
  /** Whether a user can answer `ui` calls. */
  readonly hasUI: boolean;
  /** The user interface ({@linkcode HEADLESS_UI} without one). */
  readonly ui: HookUIContext;
  /** The module the handler comes from (absolute path or a name). */
  readonly hookPath: string;
}

/**
 * A handler of extension event `E`: it gets the event (narrowed by its
 * name) and answers with the event's result, or nothing.
 *
 * @example Block unsafe bash
 * ```ts
 * import type { ExtensionHandler } from "@hookgate/core/extensions";
 *
 * const guard: ExtensionHandler<"tool_call"> = (event) => {
 *   if (event.toolName === "bash" && String(event.input.command).includes("rm -rf")) {
 *     return { block: true, reason: "rm -rf is not allowed" };
 *   }
 * };
 * ```
 */
export type ExtensionHandler<E extends ExtensionEvent> = (
  event: ExtensionEventOf<E>,
  ctx: HookContext,
) => ExtensionResultOf<E> | void | undefined | Promise<ExtensionResultOf<E> | void | undefined>;

/**
 * Options of `api.on`.
 *
 * @example A handler that waits for the user
 * ```ts
 * import type { ExtensionHandlerOptions } from "@hookgate/core/extensions";
 *
 * const options: ExtensionHandlerOptions = { timeoutMs: 300_000, name: "confirm-rm" };
 * ```
 */
export interface ExtensionHandlerOptions {
  /** A name for traces and warnings. @default {"<file>:<event>"} */
  name?: string;
  /**
   * The handler's deadline in milliseconds (1 – 600 000). A `tool_call`
   * handler that times out blocks the tool; others are skipped.
   *
   * @default {60000}
   */
  timeoutMs?: number;
}

/**
 * A slash command an extension registers.
 *
 * @example
 * ```ts
 * import type { HookCommand } from "@hookgate/core/extensions";
 *
 * const command: HookCommand = {
 *   description: "Say hello",
 *   handler: (args, ctx) => ctx.ui.notify(`hello ${args}`),
 * };
 * ```
 */
export interface HookCommand {
  /** What it does, for the host's command list. */
  description?: string;
  /** Runs the command with the text after its name. */
  handler(args: string, ctx: HookCommandContext): void | Promise<void>;
}

/**
 * What a command handler gets: the handler context and whatever the host
 * adds for commands (e.g. `waitForIdle`, `newSession`).
 *
 * @example
 * ```ts
 * import type { HookCommandContext } from "@hookgate/core/extensions";
 *
 * const headless = (ctx: HookCommandContext) => !ctx.hasUI;
 * ```
 */
export interface HookCommandContext extends Omit<HookContext, "hookPath"> {
  /** Host-specific command actions, as the host passed them to `runCommand`. */
  readonly [action: string]: unknown;
}

/**
 * A registered command, as the host lists it.
 *
 * @example
 * ```ts
 * import type { RegisteredCommand } from "@hookgate/core/extensions";
 *
 * const line = (command: RegisteredCommand) => `/${command.name}  ${command.description ?? ""}`;
 * ```
 */
export interface RegisteredCommand extends HookCommand {
  /** The name, without a slash. */
  readonly name: string;
  /** The module that registered it. */
  readonly hookPath: string;
}

/**
 * Renders custom messages of one `customType` for the host's UI. The host
 * decides what `render` returns; hookgate only keeps the first renderer of
 * each type.
 *
 * @example
 * ```ts
 * import type { MessageRenderer } from "@hookgate/core/extensions";
 *
 * const renderer: MessageRenderer = (message) => `[note] ${String(message.content)}`;
 * ```
 */
export type MessageRenderer = (message: CustomMessage, options: { expanded: boolean }) => unknown;

/**
 * What the host provides so extensions can add to the session.
 *
 * @example Keep messages in memory
 * ```ts
 * import type { ExtensionSession } from "@hookgate/core/extensions";
 *
 * const log: unknown[] = [];
 * const session: ExtensionSession = {
 *   sendMessage: (message) => void log.push(message),
 *   appendEntry: (customType, data) => void log.push({ customType, data }),
 * };
 * ```
 */
export interface ExtensionSession {
  /** Adds a message to the conversation (`triggerTurn`: let the agent answer it). */
  sendMessage(message: CustomMessage, options?: { triggerTurn?: boolean }): void | Promise<void>;
  /** Persists state that the model does not see. */
  appendEntry(customType: string, data?: unknown): void | Promise<void>;
}

/**
 * What a hook module's factory gets.
 *
 * @example A module
 * ```ts
 * import type { HookAPI } from "@hookgate/core/extensions";
 *
 * // A module's default export: `export default guard;`
 * function guard(api: HookAPI): void {
 *   api.on("tool_call", (event) => {
 *     if (event.toolName === "bash" && String(event.input.command).includes("rm -rf")) {
 *       return { block: true, reason: "blocked by policy" };
 *     }
 *   });
 * }
 * ```
 */
export interface HookAPI {
  /** The module (absolute path, or the name it was loaded under). */
  readonly hookPath: string;
  /**
   * Handles an event. `tool_call` handlers run as PreToolUse
   * validate-stage hooks (a throw or timeout blocks the tool), `tool_result`
   * handlers as PostToolUse hooks (and see failures through
   * PostToolUseFailure); the rest as the event's own hooks.
   *
   * @returns A function that removes the handler.
   */
  on<E extends ExtensionEvent>(event: E, handler: ExtensionHandler<E>, options?: ExtensionHandlerOptions): () => void;
  /** Registers a slash command; the first registration of a name wins. */
  registerCommand(name: string, command: HookCommand): void;
  /** Registers the renderer of a message type; the first registration wins. */
  registerMessageRenderer(customType: string, renderer: MessageRenderer): void;
  /** Adds a message to the session (through the host's session adapter). */
  sendMessage(message: CustomMessage, options?: { triggerTurn?: boolean }): Promise<void>;
  /** Persists state the model does not see (through the host's session adapter). */
  appendEntry(customType: string, data?: unknown): Promise<void>;
  /**
   * Runs a program the way command hooks run: its own process group,
   * sanitized environment, deadline (5 s by default) and output caps.
   */
  exec(program: string, args: string[], options?: ExecCommandOptions): Promise<ExecResult>;
}

/**
 * A hook module's default export. What it returns is awaited (an async
 * factory) and otherwise ignored.
 *
 * @example
 * ```ts
 * import type { HookFactory } from "@hookgate/core/extensions";
 *
 * const factory: HookFactory = (api) => {
 *   api.on("session_start", (_event, ctx) => ctx.ui.notify("hello"));
 * };
 * ```
 */
export type HookFactory = (api: HookAPI) => unknown;

/**
 * A handler error reported to error listeners.
 *
 * @example
 * ```ts
 * import type { HookErrorEvent } from "@hookgate/core/extensions";
 *
 * const line = (e: HookErrorEvent) => `${e.hookPath} (${e.event}): ${e.error}`;
 * ```
 */
export interface HookErrorEvent {
  /** The module whose handler failed. */
  hookPath: string;
  /** The event it handled, or `command:<name>` for a command. */
  event: ExtensionEvent | `command:${string}`;
  /** What it threw (or why it failed), as text. */
  error: string;
}
