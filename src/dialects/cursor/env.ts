// The environment of Cursor-dialect command hooks, as Cursor gives its
// own: the parent's environment (Cursor's hooks inherit Cursor's), unless
// the operator asks for the sanitized one, plus CURSOR_PROJECT_DIR and
// its Claude alias CLAUDE_PROJECT_DIR, CURSOR_VERSION, and — when Cursor
// has them — CURSOR_USER_EMAIL and CURSOR_TRANSCRIPT_PATH.

import type { DialectEnv, DialectEnvContext } from "../shared/types.ts";

/** The variables Cursor passes on when it has them. */
const PASSED = ["CURSOR_USER_EMAIL", "CURSOR_TRANSCRIPT_PATH", "CURSOR_CODE_REMOTE"];

/** What a Cursor-dialect command hook's environment is made of. */
export function cursorCommandEnv({ projectDir, read, sanitized }: DialectEnvContext): DialectEnv {
  const env: Record<string, string> = {
    CURSOR_PROJECT_DIR: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    // Always present in Cursor; empty when hookgate runs the hook for another agent.
    CURSOR_VERSION: read("CURSOR_VERSION") ?? "",
  };
  for (const name of PASSED) {
    const value = read(name);
    if (value !== undefined) env[name] = value;
  }
  return { inherit: !sanitized, env };
}
