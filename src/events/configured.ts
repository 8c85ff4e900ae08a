/**
 * Hooks declared by an operator: command, HTTP and prompt hooks, as
 * configuration produces them and the registry stores them.
 *
 * @module
 */

import type { HookEvent } from "./event_map.ts";
import type { FailurePolicy, HookDialect, HookMatcher, HookRegistrationOptions, HookStage } from "./hooks.ts";

/**
 * The fields every configured (command or HTTP) hook shares.
 *
 * @example Shared controls
 * ```ts
 * import type { ConfiguredHookBase } from "@hookgate/core";
 *
 * const base: ConfiguredHookBase = { matcher: "bash", timeoutMs: 3000 };
 * ```
 */
export interface ConfiguredHookBase extends HookRegistrationOptions {
  /** Which tools the hook applies to. */
  matcher?: HookMatcher;
  /**
   * A rule the tool call must also match for the hook to run, in Claude
   * Code's permission-rule syntax (`Bash(git *)`, `Edit(*.ts)`: see
   * `compileToolRule`), as a Claude hook's `if` says. Read on the tool
   * events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest,
   * PermissionDenied); on any other event a hook with one never runs.
   */
  toolRule?: string;
  /**
   * The payload dialect the hook expects.
   *
   * @default {"native"}
   */
  dialect?: HookDialect;
  /**
   * How much of stdout and of stderr, or of the response body, is kept, in
   * bytes (≤ 1 MiB). An answer past it fails (`invalid_output`), except a
   * command's exit 2, which still blocks; the rest is drained, never kept.
   *
   * @default {65536; 1048576 for a Claude-dialect hook, whose agent reads answers whole}
   */
  maxOutputBytes?: number;
  /** The configuration file the hook came from, for diagnostics. */
  source?: string;
  /**
   * The event name the hook was configured for, when its dialect names the
   * event another way than the table (Cursor's `beforeShellExecution`, an
   * alias of PreToolUse): its payload and answers are written for it, and
   * it runs only on the calls the alias covers.
   */
  wireEvent?: string;
}

/**
 * A command hook: the payload JSON goes to stdin, an outcome JSON comes back
 * on stdout, exit code 2 denies. Without `args` the command is shell form
 * (`sh -c`); with `args` it is exec form, spawned without a shell.
 *
 * @example A shell-form guard
 * ```ts
 * import type { ShellHook } from "@hookgate/core";
 *
 * const hook: ShellHook = {
 *   name: "bash-safety",
 *   matcher: "bash",
 *   command: "bash ./scripts/guard-bash.sh",
 *   failurePolicy: "closed",
 * };
 * ```
 */
export interface ShellHook extends ConfiguredHookBase {
  /** The transport; omitted means command. */
  type?: "command";
  /** The command line (shell form) or the program (exec form). */
  command: string;
  /** Exec-form arguments; when present no shell is involved. */
  args?: string[];
  /** Extra environment variables for the child. */
  env?: Record<string, string>;
  /**
   * Parent environment variables to pass through by name. The child gets a
   * sanitized environment; this is the only way a variable that looks like
   * a secret (`*_TOKEN`, `*_KEY`, …) reaches it.
   */
  passEnv?: string[];
  /**
   * The call does not wait for the hook, as for Claude Code's `async`
   * hooks: every firing runs, on any event, under its own deadline; it
   * decides nothing (a deny, a rewrite or a grant of it is ignored), and
   * what it leaves for the agent — its context, its message — is
   * delivered with the next call of the same session whose event takes
   * context (see `DeferredResults`).
   *
   * @default {false}
   */
  async?: boolean;
  /**
   * With `async`: an exit code 2 wakes the agent with the hook's stderr
   * (else its stdout), as Claude Code's `asyncRewake` — delivered with the
   * session's next call: as the block of its next stop (the agent goes on
   * with it), or as context on another event.
   *
   * @default {false}
   */
  rewake?: boolean;
  /**
   * The directory the command runs in (the payload's `cwd` is unchanged).
   * Configuration files cannot set it: loading sets it to the project root
   * for a project's hooks, so that a relative script is exactly the file
   * trust hashed, whatever directory the event names.
   *
   * @default {the payload's cwd}
   */
  cwd?: string;
  /**
   * The project directory its agent gives the hook — its dialect's project
   * variables (`CLAUDE_PROJECT_DIR`, `GEMINI_PROJECT_DIR`, …) and what they
   * stand for in its command — when it is not the runner's project root
   * (`HOOKGATE_PROJECT_DIR` stays that). Configuration files cannot set
   * it: loading for an agent started below the project root (Claude Code
   * in `proj/src` with `proj/.hookgate/`) sets it to the agent's directory
   * for the hooks of every layer but the project's, as the agent would
   * have given its own hooks.
   *
   * @default {the runner's project root}
   */
  projectDir?: string;
}

/**
 * An HTTP hook: the payload is POSTed as JSON, the response body is the
 * outcome. `https://` anywhere, `http://` only to loopback.
 *
 * @example A local policy service
 * ```ts
 * import type { HttpHook } from "@hookgate/core";
 *
 * const hook: HttpHook = {
 *   type: "http",
 *   url: "http://127.0.0.1:8787/hook",
 *   headers: { authorization: "Bearer $POLICY_TOKEN" },
 *   allowedEnvVars: ["POLICY_TOKEN"],
 * };
 * ```
 */
export interface HttpHook extends ConfiguredHookBase {
  /** The transport. */
  type: "http";
  /** The endpoint. */
  url: string;
  /** Static headers; `$VAR`/`${VAR}` expand only for `allowedEnvVars`. */
  headers?: Record<string, string>;
  /** Environment variables that header values may reference. */
  allowedEnvVars?: string[];
  /**
   * Allow link-local and cloud metadata addresses (169.254.0.0/16,
   * `fd00:ec2::254`), which are refused by default.
   *
   * @default {false}
   */
  allowMetadataHosts?: boolean;
}

/**
 * A prompt (model) hook: asks a model whether the action fits. The
 * template's `$ARGUMENTS` is replaced by the payload JSON (appended when
 * absent); the model answers `{"ok": boolean, "reason"?: string}`, and
 * `ok: false` denies. A missing model, a failed request or an unparseable
 * answer is a failure: under the default `failurePolicy: "open"` the hook
 * passes through — prompt hooks must not be the only security boundary.
 *
 * @example A review-only guard
 * ```ts
 * import type { PromptHook } from "@hookgate/core";
 *
 * const hook: PromptHook = {
 *   type: "prompt",
 *   matcher: "bash",
 *   prompt: "Does this command only read files? $ARGUMENTS",
 *   model: "fast",
 *   timeoutMs: 20_000,
 * };
 * ```
 */
export interface PromptHook extends ConfiguredHookBase {
  /** The transport. */
  type: "prompt";
  /** The instruction; `$ARGUMENTS` stands for the payload JSON (`\$` escapes). */
  prompt: string;
  /**
   * An entry of the `models` configuration, or a model name for the
   * default entry's client.
   */
  model?: string;
  /**
   * Where the hook's dialect ends the agent's turn on a refusal (Claude's,
   * before and after a tool and on an idle teammate), give the reason back
   * instead and let the turn go on (Claude's `continueOnBlock`).
   *
   * @default {false}
   */
  continueOnBlock?: boolean;
}

/**
 * A hook declared by an operator: command, HTTP or prompt.
 *
 * @example A map of configured hooks
 * ```ts
 * import type { ConfiguredHook, HookEvent } from "@hookgate/core";
 *
 * const hooks: Partial<Record<HookEvent, ConfiguredHook[]>> = {
 *   SessionStart: [{ command: "echo '{}'" }],
 * };
 * ```
 */
export type ConfiguredHook = ShellHook | HttpHook | PromptHook;

/**
 * The configured hooks of every event, as loaded from configuration.
 *
 * @example An empty map
 * ```ts
 * import type { ConfiguredHooks } from "@hookgate/core";
 *
 * const none: ConfiguredHooks = {};
 * ```
 */
export type ConfiguredHooks = Partial<Record<HookEvent, ConfiguredHook[]>>;

/**
 * A configured hook that could not be built — a matcher that does not
 * compile, a refused URL, a field of the wrong type, a file that cannot be
 * parsed — standing in its place. It never runs anything. Where its event
 * gates an action (`HookEventInfo.gatesAction`: PreToolUse,
 * PermissionRequest, UserPromptSubmit) and it was `failurePolicy: "closed"`
 * or `policy: true`, the registry registers it and it fails every call it
 * could have matched, so the runner's failure policy denies, naming it, its
 * place and the fix; anywhere else it is not registered, and the diagnostic
 * that made it is the report. Made by `placeholderHook()`.
 *
 * @example A refused URL
 * ```ts
 * import type { PlaceholderHook } from "@hookgate/core";
 *
 * const placeholder: PlaceholderHook = {
 *   event: "PreToolUse",
 *   name: "policy-service",
 *   matcher: "bash",
 *   failurePolicy: "closed",
 *   policy: false,
 *   source: "/p/.hookgate/config.jsonc",
 *   line: 4,
 *   column: 20,
 *   reason: "the URL is refused: 169.254.0.0/16 is a cloud metadata range",
 *   fix: 'fix it, then run "hook-run check"',
 *   covers: "entry",
 * };
 * ```
 */
export interface PlaceholderHook {
  /** The event it was configured for. */
  event: HookEvent;
  /** The hook's name, or what it is known by (its command, its file). */
  name: string;
  /**
   * The matcher, in its dialect's reading; absent when it could not be read
   * (or there was none): the placeholder then stands for every call.
   */
  matcher?: HookMatcher;
  /** The hook's dialect, which reads the matcher. */
  dialect?: HookDialect;
  /** The PreToolUse stage it was configured for. */
  stage?: HookStage;
  /** The hook's failure policy, as far as it could be read (`"closed"` when in doubt). */
  failurePolicy: FailurePolicy;
  /** Whether it was a policy hook (it then denies even under `--no-hooks`). */
  policy: boolean;
  /** The file it came from. */
  source: string;
  /** 1-based line of the problem in `source`. */
  line: number;
  /** 1-based column of the problem in `source`. */
  column: number;
  /** Why it could not be built. */
  reason: string;
  /** What to do about it. */
  fix: string;
  /**
   * What it stands for: one entry, or everything a file that could not be
   * read (nor parsed) might have held.
   */
  covers: "entry" | "file";
}

/**
 * What the command transport needs to run a hook: the command hook fields
 * (only `command` is required).
 *
 * @example The smallest spec
 * ```ts
 * import type { ShellHookSpec } from "@hookgate/core";
 *
 * const spec: ShellHookSpec = { command: "cat", timeoutMs: 1000 };
 * ```
 */
export type ShellHookSpec = Omit<ShellHook, "type">;
