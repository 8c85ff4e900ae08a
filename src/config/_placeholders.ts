// Placeholders made from diagnostics: a broken entry's reason, and what
// stands for a file (or anything else the load needs) that cannot be read
// at all — one closed placeholder on every event that gates an action,
// matching every call, and none where a block would keep the agent going.

import type { PlaceholderHook } from "../events/configured.ts";
import { HOOK_EVENT_NAMES, HOOK_EVENTS } from "../events/table.ts";
import { placeholderHook } from "../registry/placeholder.ts";
import { type ConfigDiagnostic, HookConfigError } from "./diagnostics.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

const GATING_EVENT_NAMES = HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction);

/** A diagnostic's message and hint as one reason, with how many more problems the entry has. */
export function problemText(problem: ConfigDiagnostic, more = 0): string {
  const hint = problem.hint === undefined ? "" : ` (${problem.hint})`;
  return `${problem.message}${hint}${more === 0 ? "" : ` (and ${more} more ${more === 1 ? "problem" : "problems"})`}`;
}

/**
 * What stands for `file` when `problem` keeps any of it from being read:
 * nothing of it can be known, so it denies every call on the gating events,
 * even under `--no-hooks`.
 */
export function filePlaceholders(file: string, problem: ConfigDiagnostic): PlaceholderHook[] {
  return GATING_EVENT_NAMES.map((event) =>
    placeholderHook(event, {
      name: file,
      // It might have held closed and policy hooks: it counts as both, so it denies under --no-hooks too.
      failurePolicy: "closed",
      policy: true,
      source: problem.file,
      line: problem.line,
      column: problem.column,
      reason: problemText(problem),
      fix: 'fix it, then run "hook-run check"; until then nothing of it runs',
      covers: "file",
    })
  );
}

/**
 * Makes `parsed` stand for a file that `problem` keeps from being read as a
 * whole: none of its hooks or settings count, and its placeholders deny the
 * gating events. Its URL patterns might have narrowed what HTTP hooks may
 * reach, so none may (an empty list), rather than all; and it might have
 * asked for the sanitized environment, so every hook gets that.
 */
export function unreadableFile(parsed: ParsedHooksConfig, file: string, problem: ConfigDiagnostic): ParsedHooksConfig {
  parsed.hooks = {};
  parsed.placeholders = filePlaceholders(file, problem);
  parsed.httpAllowedUrls = [];
  // Whether it refused hook-granted allows cannot be known: it did.
  parsed.hookGrants = "refuse";
  // Whether it asked for the sanitized environment cannot be known: it gets it.
  parsed.sanitizeEnv = true;
  delete parsed.commandAllowlist;
  delete parsed.extensions;
  delete parsed.claudePlugins;
  delete parsed.models;
  // Its rules cannot be known: the placeholders deny what they might have.
  delete parsed.rules;
  return parsed;
}

/**
 * What a layer that cannot even be read parses to: its one diagnostic, and
 * its stand-ins. `broken` says why a file a read did not find is not simply
 * absent (a link that leads nowhere); a missing file without it is absent.
 */
export function unreadLayer(file: string, error: unknown, broken?: string): ParsedHooksConfig {
  const problem: ConfigDiagnostic = {
    severity: "error",
    file,
    line: 1,
    column: 1,
    path: [],
    ...unreadProblem(error, broken),
  };
  const parsed: ParsedHooksConfig = {
    hooks: {},
    placeholders: [],
    dialect: null,
    diagnostics: [problem],
    ok: false,
    assertOk() {
      throw new HookConfigError(this.diagnostics);
    },
  };
  return unreadableFile(parsed, file, problem);
}

/** Why a file cannot be read, in words, with the fix. */
export function unreadReason(error: unknown, broken?: string): string {
  if (broken !== undefined) return broken;
  if (error instanceof Deno.errors.NotFound) return "it does not exist";
  if (error instanceof Deno.errors.IsADirectory) return "it is a directory, not a file";
  if (error instanceof Deno.errors.NotADirectory) return "a part of its path is a file, not a directory";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  return (error as Error).message;
}

function unreadProblem(error: unknown, broken: string | undefined): { message: string; hint: string } {
  if (broken === undefined && error instanceof Deno.errors.NotFound) {
    return { message: "the file does not exist", hint: "check the --config path" };
  }
  const hint = broken !== undefined && broken.includes(" is a link ")
    ? "restore what the link points to, or remove the link"
    : error instanceof Deno.errors.NotCapable
    ? "allow hook-run to read it (--allow-read)"
    : "make it a readable file, or remove it";
  return { message: `the file cannot be read: ${unreadReason(error, broken)}`, hint };
}
