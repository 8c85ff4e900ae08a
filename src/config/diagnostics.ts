/**
 * Configuration diagnostics: every problem found in a hook configuration
 * file, with its place, what was expected and how to fix it.
 *
 * @module
 */

/**
 * One problem in a configuration file. Errors make a load (and `hook-run
 * check`) fail — what they break does not run, the rest of the
 * configuration does — warnings load.
 *
 * @example A diagnostic as data
 * ```ts
 * import type { ConfigDiagnostic } from "@hookgate/core";
 *
 * const diagnostic: ConfigDiagnostic = {
 *   severity: "error",
 *   file: "/p/.hookgate/config.jsonc",
 *   line: 4,
 *   column: 21,
 *   path: ["hooks", "PreToolUse", 0, "timeoutMs"],
 *   message: '"timeoutMs" must be at most 600000, got 900000',
 *   hint: "timeouts are in milliseconds; 10 minutes is the longest",
 * };
 * ```
 */
export interface ConfigDiagnostic {
  /** `error` fails the load; `warning` does not. */
  severity: "error" | "warning";
  /** The file (or the `path` given for in-memory text). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** The JSON path of the offending value. */
  path: (string | number)[];
  /** What is wrong. */
  message: string;
  /** How to fix it, when there is something to say. */
  hint?: string;
}

/**
 * Formats a diagnostic the way compilers do:
 * `file:line:col: error|warning: message (hint)`.
 *
 * @param diagnostic The diagnostic.
 * @returns One line.
 *
 * @example
 * ```ts
 * import { formatDiagnostic } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   formatDiagnostic({
 *     severity: "warning",
 *     file: "hooks.jsonc",
 *     line: 3,
 *     column: 7,
 *     path: ["hooks", "Stop", 0, "timeout"],
 *     message: '"timeout" is 5000 seconds (83 min 20 s)',
 *     hint: "Wuu timeouts are in seconds",
 *   }),
 *   'hooks.jsonc:3:7: warning: "timeout" is 5000 seconds (83 min 20 s) (Wuu timeouts are in seconds)',
 * );
 * ```
 */
export function formatDiagnostic(diagnostic: ConfigDiagnostic): string {
  const hint = diagnostic.hint === undefined ? "" : ` (${diagnostic.hint})`;
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}${hint}`;
}

/**
 * Thrown when configuration has errors: carries every diagnostic (errors
 * and warnings), and the place of the first error.
 *
 * @example Report every problem at once
 * ```ts
 * import { HookConfigError, parseHooksConfig } from "@hookgate/core/config";
 * import { ok } from "node:assert/strict";
 *
 * const config = parseHooksConfig('{"hooks": {"PreTooluse": []}}', { path: "x.jsonc" });
 * try {
 *   config.assertOk();
 * } catch (error) {
 *   ok(error instanceof HookConfigError);
 *   ok(error.message.includes('did you mean "PreToolUse"'));
 * }
 * ```
 */
export class HookConfigError extends Error {
  /** Every problem found, errors first. */
  readonly diagnostics: readonly ConfigDiagnostic[];
  /** The file of the first error. */
  readonly path: string;
  /** The line of the first error. */
  readonly line: number;
  /** The column of the first error. */
  readonly column: number;

  /**
   * Creates the error from diagnostics; at least one must be an error.
   *
   * @param diagnostics Everything found.
   */
  constructor(diagnostics: readonly ConfigDiagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === "error");
    const first = errors[0] ?? diagnostics[0];
    const count = errors.length === 1 ? "1 error" : `${errors.length} errors`;
    super(
      errors.length === 1
        ? `Cannot load hook config: ${formatDiagnostic(first!)}`
        : `Cannot load hook config: ${count}\n${diagnostics.map((d) => `  ${formatDiagnostic(d)}`).join("\n")}`,
    );
    this.name = "HookConfigError";
    this.diagnostics = [
      ...errors,
      ...diagnostics.filter((d) => d.severity !== "error"),
    ];
    this.path = first?.file ?? "";
    this.line = first?.line ?? 0;
    this.column = first?.column ?? 0;
  }
}

/**
 * What a host says of a configuration it runs although it has errors: how
 * many, that what they break does not run (placeholders deny instead), and
 * every diagnostic, one a line.
 */
export function liveWithErrors(diagnostics: readonly ConfigDiagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return `Hook config has ${errors === 1 ? "1 error" : `${errors} errors`}; what ${
    errors === 1 ? "it breaks" : "they break"
  } does not run (closed and policy hooks deny instead), the rest is live:\n${
    diagnostics.map(formatDiagnostic).join("\n")
  }`;
}
