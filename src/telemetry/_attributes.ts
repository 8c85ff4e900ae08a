// The names hookgate's spans and metrics use: OpenTelemetry's semantic
// conventions where one exists, a `hookgate.` prefix where none does. The
// README's observability section lists the same table.

/** Span attribute keys. */
export const ATTRIBUTES = {
  event: "hookgate.event",
  toolName: "gen_ai.tool.name",
  sessionId: "session.id",
  decision: "hookgate.decision",
  contextAdded: "hookgate.context_added",
  hooksRun: "hookgate.hooks_run",
  toolInput: "hookgate.tool.input",
  prompt: "hookgate.prompt",
  reason: "hookgate.reason",
  rule: "hookgate.hook.rule",
  hookName: "hookgate.hook.name",
  owner: "hookgate.hook.owner",
  transport: "hookgate.hook.transport",
  dialect: "hookgate.hook.dialect",
  stage: "hookgate.hook.stage",
  outcome: "hookgate.hook.outcome",
  failure: "hookgate.hook.failure",
  failureMessage: "hookgate.hook.failure_message",
  durationMs: "hookgate.hook.duration_ms",
  killed: "hookgate.hook.killed",
  errorType: "error.type",
  exitCode: "process.exit.code",
  httpStatus: "http.response.status_code",
  model: "gen_ai.request.model",
} as const;

/** The instruments. */
export const METRICS = {
  decisions: {
    name: "hookgate.decisions",
    options: { description: "Event runs by event and decision", unit: "{run}" },
  },
  duration: {
    name: "hookgate.hook.duration",
    options: { description: "Hook invocation duration by transport", unit: "s" },
  },
  failures: {
    name: "hookgate.hook.failures",
    options: { description: "Failed hook invocations by failure kind", unit: "{invocation}" },
  },
  killed: {
    name: "hookgate.hooks.killed",
    options: { description: "Command hooks hookgate killed (deadline or cancellation)", unit: "{invocation}" },
  },
} as const;

/**
 * What a run decided, from its result: `block`; a hook's `ask` or `defer`;
 * `grant` (a hook's explicit allow, forwarded); `mutate` (a rewrite and no
 * objection); `allow` (no objection).
 */
export function runDecision(result: Readonly<Record<string, unknown>>): string {
  if (result.block === true) return "block";
  const decision = result.decision;
  if (decision === "ask" || decision === "defer") return decision;
  if (decision === "allow") return "grant";
  if (result.input !== undefined) return "mutate";
  return "allow";
}
