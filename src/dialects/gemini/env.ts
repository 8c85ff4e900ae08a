// The environment and command text of Gemini-dialect command hooks, as
// Gemini CLI makes them: its hooks inherit Gemini's whole environment (its
// sanitizer passes everything unless the operator makes it strict), and
// get GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR (all three the
// project directory) besides GEMINI_SESSION_ID and GEMINI_PLANS_DIR, even
// in the sanitized environment. Gemini also replaces the bare
// `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD` and `$CLAUDE_PROJECT_DIR` in the
// command text with the directory, quoted for the shell.

import type { DialectEnv, DialectEnvContext } from "../shared/types.ts";

/** Variables Gemini's own session gives its hooks, passed on when hookgate runs inside that session. */
const SESSION_VARIABLES = ["GEMINI_SESSION_ID", "GEMINI_PLANS_DIR"] as const;

/** What a Gemini-dialect command hook's environment is made of. */
export function geminiCommandEnv({ projectDir, read, sanitized }: DialectEnvContext): DialectEnv {
  const env: Record<string, string> = {
    GEMINI_PROJECT_DIR: projectDir,
    GEMINI_CWD: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
  };
  for (const name of SESSION_VARIABLES) {
    const value = read(name);
    if (value !== undefined) env[name] = value;
  }
  return { inherit: !sanitized, env };
}

const PROJECT_DIR = /\$(?:GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR)/g;
const PLAIN = /^[A-Za-z0-9_\/.,:@%+=-]+$/;

/** `text` as one shell word: as it is when nothing in it is special, else single-quoted. */
export function shellWord(text: string): string {
  return PLAIN.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Replaces the bare `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD` and
 * `$CLAUDE_PROJECT_DIR` in a command's text with the project directory as
 * one shell word, as Gemini does (`${NAME}` is left to the shell, which
 * finds it in the environment).
 */
export function expandGeminiCommand(text: string, projectDir: string): string {
  return text.replace(PROJECT_DIR, () => shellWord(projectDir));
}
