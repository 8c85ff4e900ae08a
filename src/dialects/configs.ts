// Every dialect's configuration side, by name, in detection order.

import type { HookDialect } from "../events/hooks.ts";
import { CLAUDE_CONFIG } from "./claude/config.ts";
import { CODEX_CONFIG } from "./codex/config.ts";
import type { DialectConfig } from "./shared/config_types.ts";
import { CURSOR_CONFIG } from "./cursor/config.ts";
import { GEMINI_CONFIG } from "./gemini/config.ts";
import { NATIVE_CONFIG } from "./native/config.ts";
import { WUU_CONFIG } from "./wuu/config.ts";

/** The dialects' configuration sides. */
export const DIALECT_CONFIGS: Readonly<Record<HookDialect, DialectConfig>> = Object.freeze({
  native: NATIVE_CONFIG,
  wuu: WUU_CONFIG,
  // Before Claude: a Gemini settings file has the shape of a Claude one.
  gemini: GEMINI_CONFIG,
  claude: CLAUDE_CONFIG,
  codex: CODEX_CONFIG,
  cursor: CURSOR_CONFIG,
});
