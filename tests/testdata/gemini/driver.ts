// Pushes tool calls through Gemini CLI's own tool scheduler
// (@google/gemini-cli-core), with the BeforeTool hooks a settings file would
// give it, and prints one JSON line per call: what Gemini's code decided.
// Run by tests/dialects/gemini/real_client_test.ts in a child process, as
//   deno run -A --quiet --no-lock --no-config driver.ts
// (the package reads /proc/sys at import, which needs -A), with in its
// environment GEMINI_HOOKS (the settings' "hooks" object), GEMINI_PROJECT
// (an existing directory), GEMINI_CALLS (a JSON array of {name, args}) and
// GEMINI_CLI_HOME (where Gemini keeps its state: a temporary directory).
// With GEMINI_CALLS "[]" it only loads the package and exits 0.
import {
  ApprovalMode,
  Config,
  type ConfigParameters,
  CoreToolCallStatus,
  MessageBusType,
  Scheduler,
  type ToolCallsUpdateMessage,
  ToolConfirmationOutcome,
} from "npm:@google/gemini-cli-core@0.61.0";

const project = Deno.env.get("GEMINI_PROJECT")!;
const calls = JSON.parse(Deno.env.get("GEMINI_CALLS") ?? "[]") as { name: string; args: Record<string, unknown> }[];
const hooks = JSON.parse(Deno.env.get("GEMINI_HOOKS") ?? "{}") as ConfigParameters["hooks"];
if (calls.length === 0) Deno.exit(0);

// Gemini's debug log goes to console.*: stdout carries only the results.
for (const level of ["log", "debug", "info", "warn", "error"] as const) {
  // deno-lint-ignore no-console
  console[level] = () => {};
}
const encoder = new TextEncoder();
const emit = (value: unknown) => Deno.stdout.writeSync(encoder.encode(JSON.stringify(value) + "\n"));

const config = new Config({
  sessionId: "gemini-real-client",
  targetDir: project,
  cwd: project,
  model: "gemini-2.5-flash",
  debugMode: false,
  // A hook's ask reaches Gemini's confirmation step (not the non-interactive refusal).
  interactive: true,
  // Gemini's own policy allows everything: only the hooks decide.
  approvalMode: ApprovalMode.YOLO,
  usageStatisticsEnabled: false,
  telemetry: { enabled: false },
  extensionsEnabled: false,
  mcpEnabled: false,
  ...(hooks === undefined ? {} : { hooks }),
});
await config.initialize();

// No tool really runs: what each call would have run with is recorded instead.
const executed = new Map<string, Record<string, unknown>>();
for (const name of new Set(calls.map((call) => call.name))) {
  const tool = config.getToolRegistry().getTool(name);
  if (tool === undefined) continue;
  const build = tool.build.bind(tool);
  tool.build = (params) => {
    const invocation = build(params);
    invocation.execute = () => {
      executed.set(name, structuredClone(invocation.params as Record<string, unknown>));
      return Promise.resolve({ llmContent: "not run", returnDisplay: "not run" });
    };
    return invocation;
  };
}

// Plays the user: every confirmation Gemini asks for is recorded and cancelled.
const bus = config.getMessageBus();
const asked = new Map<string, unknown>();
bus.subscribe<ToolCallsUpdateMessage>(MessageBusType.TOOL_CALLS_UPDATE, (message) => {
  for (const call of message.toolCalls) {
    if (call.status !== CoreToolCallStatus.AwaitingApproval || call.correlationId === undefined) continue;
    if (asked.has(call.request.callId)) continue;
    const details = call.confirmationDetails as { type?: string; systemMessage?: string };
    asked.set(call.request.callId, { type: details.type, systemMessage: details.systemMessage });
    const correlationId = call.correlationId;
    // Later: the scheduler listens for the answer only after this update.
    setTimeout(() =>
      void bus.publish({
        type: MessageBusType.TOOL_CONFIRMATION_RESPONSE,
        correlationId,
        confirmed: false,
        outcome: ToolConfirmationOutcome.Cancel,
      }), 0);
  }
});

const scheduler = new Scheduler({ context: config, schedulerId: "hookgate", getPreferredEditor: () => undefined });
for (const [index, call] of calls.entries()) {
  executed.clear();
  const callId = `call-${index}`;
  const [done] = await scheduler.schedule(
    { callId, name: call.name, args: call.args, isClientInitiated: false, prompt_id: "prompt-1" },
    AbortSignal.timeout(60_000),
  );
  const response = done !== undefined && "response" in done ? done.response : undefined;
  emit({
    status: done?.status,
    errorType: response?.errorType ?? null,
    error: response?.error?.message ?? null,
    args: done?.request.args,
    asked: asked.get(callId) ?? null,
    executed: executed.get(call.name) ?? null,
  });
}
scheduler.dispose();
Deno.exit(0);
