/**
 * What trust speaks of: a project's snapshot — its hooks, every file they
 * and its extension code may run, the variables and URLs they reach, one
 * digest of it all and one per owner — and what a snapshot is made from
 * and what it read. `readProject` (project_snapshot.ts) makes them; the
 * trust file, the run-time guard and `hook-run trust` read them.
 *
 * @module
 */

import type { RulesConfig } from "../policy/types.ts";
import type { ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { FailurePolicy, HookDialect } from "../events/hooks.ts";
import type { ModelsConfig } from "../models/client.ts";
import type { HookAgent } from "./agent_files.ts";
import type { TrustedGuard } from "./trusted_guards.ts";

/**
 * Whose part of a project a digest covers: hookgate's own files, or an
 * agent's settings files (which that agent runs itself).
 *
 * @example
 * ```ts
 * import type { TrustOwner } from "@hookgate/core/config";
 *
 * const owner: TrustOwner = "claude";
 * ```
 */
export type TrustOwner = "hookgate" | HookAgent;

/**
 * A file the trust digest covers: a script a hook runs, a file in the
 * directory it lives in, extension code and what it imports — inside the
 * project, or outside it when a link or an import leads there.
 *
 * @example A hook script, and a link to one
 * ```ts
 * import type { ProjectFile } from "@hookgate/core/config";
 *
 * const file: ProjectFile = { path: "scripts/guard.sh", sha256: "9f86d0…" };
 * const link: ProjectFile = { path: ".claude/hooks/g.sh", sha256: "9f86d0…", link: "../../scripts/guard.sh", target: "scripts/guard.sh" };
 * ```
 */
export interface ProjectFile {
  /** Relative to the project root, `/`-separated; absolute for a file outside the project. */
  path: string;
  /** The SHA-256 of its content (through links), hex; empty for a link that leads nowhere. */
  sha256: string;
  /** For a symbolic link: its text, what it points to as written. */
  link?: string;
  /**
   * Where the path leads when that is another file (a link, or a linked
   * directory on the way): relative to the root, or absolute outside the
   * project; `(missing)` for a link that leads nowhere.
   */
  target?: string;
  /** Set when the file lies outside the project. */
  outside?: boolean;
}

/**
 * One project hook as `hook-run trust` shows it.
 *
 * @example A project hook as shown
 * ```ts
 * import type { ProjectHook } from "@hookgate/core/config";
 *
 * const hook: ProjectHook = {
 *   event: "PreToolUse",
 *   name: "guard",
 *   matcher: "bash",
 *   transport: "command",
 *   target: "bash ./scripts/guard.sh",
 *   policy: false,
 *   files: [],
 *   env: [],
 *   urls: [],
 *   source: ".hookgate/config.jsonc",
 * };
 * ```
 */
export interface ProjectHook {
  /** The event. */
  event: HookEvent;
  /** Its name (or what stands for it: the command, the URL). */
  name: string;
  /** Its matcher (`*` when none). */
  matcher: string;
  /** The tool rule that narrows the matcher (a Claude hook's `if`). */
  toolRule?: string;
  /** How it is reached. */
  transport: "command" | "http" | "prompt";
  /** The command line, the URL, or the prompt. */
  target: string;
  /** Whether it claims `policy: true`. */
  policy: boolean;
  /**
   * Its failure policy.
   *
   * @default {"open"}
   */
  failurePolicy?: FailurePolicy;
  /** Its dialect, which reads its matcher (native when absent). */
  dialect?: HookDialect;
  /** The files its command names (the directories they live in are in the snapshot's `files`). */
  files: ProjectFile[];
  /** Environment variables it receives or sends (`passEnv`, `allowedEnvVars`, a model's `apiKeyEnv`). */
  env: string[];
  /** URLs it calls (an HTTP hook's URL, a prompt hook's model endpoint). */
  urls: string[];
  /** The file that declares it, relative to the project root. */
  source: string;
}

/**
 * What a project asks to be trusted with: its hooks, the files they run,
 * the variables and URLs they reach, and the digest that trust records.
 *
 * @example Summarise a project
 * ```ts
 * import type { ProjectSnapshot } from "@hookgate/core/config";
 *
 * function summary(project: ProjectSnapshot): string {
 *   return `${project.root}: ${project.hooks.length} hooks, ${project.digest}`;
 * }
 * ```
 */
export interface ProjectSnapshot {
  /** The project root (absolute). */
  root: string;
  /** `sha256:<hex>` of the configuration and the files. */
  digest: string;
  /**
   * The digest of each owner's part: `hookgate` for the project's own
   * layers, its extension code and the files they run; `claude` for
   * `.claude/settings*.json` and the files their hooks run. A caller that
   * runs an owner's files itself (Claude Code, through `hook-run gateway`
   * and `serve`) needs only the others' digests to match what was trusted.
   */
  digests: Partial<Record<TrustOwner, string>>;
  /** Every project hook, in configuration order. */
  hooks: ProjectHook[];
  /**
   * Every file the project's command hooks may run: each file their
   * commands name, and the files of the directory each such file lives in
   * (recursively; only its own files for one directly in the project root).
   */
  files: ProjectFile[];
  /**
   * The project's extension code: every file under `.hookgate/extensions/`
   * (modules and their helpers), every module a project layer lists
   * (wherever it is), and what each module imports by a path, transitively.
   */
  extensions: ProjectFile[];
  /** Every variable any hook receives or sends. */
  env: string[];
  /** Every URL any hook calls. */
  urls: string[];
  /**
   * The guards trust records: the closed and policy hooks (and the
   * placeholders of broken ones) on events that gate an action, which stay
   * in force when the project changes until it is trusted again.
   */
  guards: TrustedGuard[];
}

/** One project layer's content, as the digest covers it. */
export interface ProjectLayerContent {
  /** The file (absolute). */
  path: string;
  /** Its hooks. */
  hooks: ConfiguredHooks;
  /** Its `models` section. */
  models?: ModelsConfig;
  /** Its `commandAllowlist`. */
  commandAllowlist?: string[];
  /** Its `httpAllowedUrls`. */
  httpAllowedUrls?: string[];
  /** Its `extensions`, as written. */
  extensions?: string[];
  /** What stands for its broken entries. */
  placeholders?: readonly PlaceholderHook[];
  /** Its policy rules (`rules`): trusting the project trusts its `allow` rules. */
  rules?: RulesConfig;
}

/**
 * What a snapshot read, so that a long-lived host can check before a
 * project hook runs that nothing it hashed has changed.
 */
export interface ProjectReads {
  /** Every stat taken (`l:<path>` for `lstat`, `s:<path>` for `stat`) and its signature then. */
  signatures: Map<string, string>;
  /** The stats each project command hook's files took, by `projectHookKey`. */
  hooks: Map<string, string[]>;
}
