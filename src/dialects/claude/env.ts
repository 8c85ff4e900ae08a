// The environment of Claude-dialect command hooks: Claude's own hooks
// inherit Claude's environment (it strips only OTEL_*), so these inherit
// the agent's, unless Claude's own switch or the operator asks for the
// sanitized one. CLAUDE_PROJECT_DIR always, CLAUDE_ENV_FILE on the events
// that give one (even sanitized: it is how such hooks export variables).

import type { DialectEnv, DialectEnvContext } from "../types.ts";
import { ENV_FILE_EVENTS } from "./events.ts";

/** Claude's values of CLAUDE_CODE_SUBPROCESS_ENV_SCRUB that strip credentials from its subprocesses. */
const SCRUB = new Set(["1", "true"]);

/** What a Claude-dialect command hook's environment is made of. */
export function claudeCommandEnv({ projectDir, event, read, sanitized }: DialectEnvContext): DialectEnv {
  const env: Record<string, string> = { CLAUDE_PROJECT_DIR: projectDir };
  if (ENV_FILE_EVENTS.has(event)) {
    const file = read("CLAUDE_ENV_FILE");
    if (file !== undefined) env.CLAUDE_ENV_FILE = file;
  }
  const scrub = read("CLAUDE_CODE_SUBPROCESS_ENV_SCRUB");
  return { inherit: !sanitized && !(scrub !== undefined && SCRUB.has(scrub.toLowerCase())), env };
}
