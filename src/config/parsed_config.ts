/**
 * What parsing one configuration file gives, and what it takes: the
 * configured hooks with every diagnostic, the parse's options, and the
 * dialect names a file may be written in. Both ways of reading a file (the
 * quick read of a clean one, the full read with jsonc-parser and zod) give
 * this shape, and the layers, merging and trust read it.
 *
 * @module
 */

import type { ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import type { HookDialect } from "../events/hooks.ts";
import type { ModelsConfig } from "../models/client.ts";
import type { RulesConfig } from "../policy/types.ts";
import type { HookGrants } from "../runner/types.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";

/**
 * A configuration dialect: the same names as {@linkcode HookDialect} —
 * `native` (`timeoutMs`, `failurePolicy`, `stage`, …) or `wuu`
 * (Wuu-style: `timeout` in seconds, one exact matcher, snake_case payloads).
 *
 * @example
 * ```ts
 * import type { ConfigDialect } from "@hookgate/core/config";
 *
 * const dialect: ConfigDialect = "wuu";
 * ```
 */
export type ConfigDialect = HookDialect;

/**
 * Options of {@linkcode parseHooksConfig}.
 *
 * @example Force the Wuu dialect
 * ```ts
 * import type { ParseHooksConfigOptions } from "@hookgate/core/config";
 *
 * const options: ParseHooksConfigOptions = { path: "~/.wuu/config.json", dialect: "wuu" };
 * ```
 */
export interface ParseHooksConfigOptions {
  /** Where the text came from: used in diagnostics and as each hook's `source`. */
  path: string;
  /**
   * The dialect; otherwise the file's `"dialect"` key, otherwise detected
   * from the keys the entries use.
   */
  dialect?: ConfigDialect;
}

/**
 * A parsed configuration: the valid hooks, and every diagnostic.
 *
 * @example Check before use
 * ```ts
 * import { parseHooksConfig } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const config = parseHooksConfig('{"hooks": {"Stop": [{"command": "true"}]}}', { path: "a.jsonc" });
 * equal(config.ok, true);
 * equal(config.hooks.Stop?.[0]?.source, "a.jsonc");
 * ```
 */
export interface ParsedHooksConfig {
  /**
   * The hooks, each with `source` set; only valid entries (none at all when
   * the file cannot be read as a whole, see `placeholders`).
   */
  hooks: ConfiguredHooks;
  /**
   * What stands in for every entry with an error: a placeholder that never
   * runs (and, closed or policy, denies on its gating event what it could
   * have matched). When an error keeps the whole file from being read — its
   * syntax, its dialect, a security list — no hook of it counts and one
   * placeholder per gating event stands for the file.
   */
  placeholders: PlaceholderHook[];
  /** The dialect used, or `null` when it could not be decided. */
  dialect: ConfigDialect | null;
  /** Every problem, in file order. */
  diagnostics: ConfigDiagnostic[];
  /** `true` when no diagnostic is an error. */
  ok: boolean;
  /** Extra names for the command allowlist (`commandAllowlist`). */
  commandAllowlist?: string[];
  /** URL patterns every HTTP hook must match (`httpAllowedUrls`). */
  httpAllowedUrls?: string[];
  /**
   * Every command hook gets the sanitized environment, Claude-dialect ones
   * too (`"sanitizeEnv": true`; in a Claude settings file, its `env` setting
   * `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB` to `"1"`).
   */
  sanitizeEnv?: boolean;
  /**
   * The file says `"managedOnly": true`: read in a managed layer, only the
   * managed layers load (elsewhere it is ignored, with a warning).
   */
  managedOnly?: boolean;
  /** The model endpoints for prompt hooks (`models`). */
  models?: ModelsConfig;
  /**
   * What to do with permissions hooks grant (`hookGrants`, native files
   * only): `"refuse"` drops them. A file that cannot be read as a whole
   * says `"refuse"`: it might have.
   */
  hookGrants?: HookGrants;
  /**
   * Extension modules to load (`extensions`, native files only): paths as
   * written, relative ones relative to the file's directory.
   */
  extensions?: string[];
  /**
   * Claude Code plugin directories whose hooks to load (`claudePlugins`,
   * native files only, honoured in the user's and explicit files): paths
   * as written, relative ones relative to the file's directory.
   */
  claudePlugins?: string[];
  /**
   * The policy rules (`rules`, native files only): `deny`, `ask` and
   * `allow` lists and the rule sets to add. Absent when the file has none,
   * or when they or the file cannot be read.
   */
  rules?: RulesConfig;
  /** Set when the file's `rules` cannot be read: the file is broken, and stands for the rules it meant. */
  rulesBroken?: true;
  /** Throws a {@linkcode HookConfigError} listing everything when not `ok`. */
  assertOk(): void;
}
