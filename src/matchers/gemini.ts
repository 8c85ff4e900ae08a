// Gemini CLI's matchers (0.61): `*`, `""` or absent match everything (the
// matcher is trimmed first). On a tool event the matcher is a JavaScript
// regular expression tested unanchored on Gemini's tool name, so `shell`
// matches `run_shell_command`; one that is no valid regular expression is
// compared with the name exactly. On SessionStart, SessionEnd and
// PreCompress it is compared exactly with the trigger (`startup`, `exit`,
// `auto`, …): `startup|resume` matches neither. Other events ignore it.

/** A compiled Gemini matcher; `null` matches every subject. */
export type GeminiMatcher = ((subject: string) => boolean) | null;

/** The canonical events whose matcher Gemini compares with the event's trigger. */
const TRIGGER_EVENTS: ReadonlySet<string> = new Set(["SessionStart", "SessionEnd", "PreCompact"]);
/** The canonical events whose matcher Gemini tests on the tool name. */
const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse"]);

/**
 * Compiles a Gemini matcher, read as Gemini reads it on `event` (a
 * canonical event name). It never throws: Gemini reads every string.
 */
export function compileGeminiMatcher(matcher: string | undefined, event?: string): GeminiMatcher {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return null;
  if (event !== undefined && TRIGGER_EVENTS.has(event)) return (subject) => subject === trimmed;
  if (event !== undefined && !TOOL_EVENTS.has(event)) return null;
  try {
    const regex = new RegExp(trimmed);
    return (subject) => regex.test(subject);
  } catch {
    return (subject) => subject === trimmed;
  }
}
