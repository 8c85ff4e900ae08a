// The environment of Claude-dialect command hooks: Claude's own hooks
// inherit Claude's environment (it strips only OTEL_*), so these inherit
// the agent's, unless Claude's own switch or the operator asks for the
// sanitized one. CLAUDE_PROJECT_DIR always, CLAUDE_ENV_FILE on the events
// that give one (even sanitized: it is how such hooks export variables).

import type { DialectEnv, DialectEnvContext } from "../shared/types.ts";
import { ENV_FILE_EVENTS } from "./events.ts";

/** Whether a value of CLAUDE_CODE_SUBPROCESS_ENV_SCRUB makes Claude strip credentials from its subprocesses. */
export function scrubs(value: unknown): boolean {
  return typeof value === "string" && (value === "1" || value.toLowerCase() === "true");
}

/** What a Claude-dialect command hook's environment is made of. */
export function claudeCommandEnv({ projectDir, event, read, sanitized }: DialectEnvContext): DialectEnv {
  const env: Record<string, string> = { CLAUDE_PROJECT_DIR: projectDir };
  if (ENV_FILE_EVENTS.has(event)) {
    const file = read("CLAUDE_ENV_FILE");
    if (file !== undefined) env.CLAUDE_ENV_FILE = file;
  }
  return { inherit: !sanitized && !scrubs(read("CLAUDE_CODE_SUBPROCESS_ENV_SCRUB")), env };
}
