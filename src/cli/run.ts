// `hook-run run <Event>`: build the payload, load the layers, run the event
// through HookRunner, print what each hook did and the decision.

import {
  DEFAULT_COMMAND_ALLOWLIST,
  formatDiagnostic,
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookEvent,
  type HookEventFields,
  type HookEventResult,
  type HookInvocationRecord,
  HookRegistry,
  HookRunner,
  killRunningHooks,
  parseHookEvent,
} from "../../mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { EXAMPLE_PATH, loadCliConfig } from "./_config.ts";
import { CliError, type CliIo, paint } from "./_io.ts";

export const RUN_HELP = `Usage: hook-run run <Event> [options]

Runs one event through the configured hooks and prints what each hook did.
Exit code: 0 allowed, 2 blocked or denied, 1 usage or configuration error.

Options:
  --tool NAME        the tool (required for ${HOOK_EVENT_NAMES.filter((e) => HOOK_EVENTS[e].toolEvent).join(", ")})
  --input JSON       the tool input (tool events) or extra payload fields; @file reads a file, - reads stdin
  --prompt TEXT      the user prompt (UserPromptSubmit)
  --cwd DIR          the working directory and project root (default: the current directory)
  --config PATH      a configuration file, after the user and project layers (repeatable)
  --no-hooks         run only hooks marked "policy": true
  --json             print one JSON object instead of text
  --trace            also print timings, failure details, files, and prompt-hook prompts and answers
`;

export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("run", args, {
    tool: { type: "string" },
    input: { type: "string" },
    prompt: { type: "string" },
    "no-hooks": { type: "boolean" },
    trace: { type: "boolean" },
  });
  if (values.help) {
    io.stdout(RUN_HELP);
    return 0;
  }
  const flags = commonFlags(values);
  const trace = values.trace === true;
  const noHooks = values["no-hooks"] === true;
  const event = parseEvent(positionals);
  const info = HOOK_EVENTS[event];
  const cwd = await workingDirectory(flags.cwd);
  const fields = await payloadFields(event, values, io);

  const config = await loadCliConfig(flags.config, cwd, false);
  if (!config.ok) {
    for (const diagnostic of config.diagnostics) io.stderr(`${formatDiagnostic(diagnostic)}\n`);
    const count = config.diagnostics.filter((d) => d.severity === "error").length;
    throw new CliError(`the configuration has ${count === 1 ? "1 error" : `${count} errors`}`);
  }
  if (config.example) {
    io.stderr(`hook-run: no configuration found; using the bundled example ${EXAMPLE_PATH}\n`);
  }
  for (const warning of config.diagnostics) io.stderr(`${formatDiagnostic(warning)}\n`);

  const registry = new HookRegistry();
  registry.loadShellHooks(config.hooks, noHooks ? { policyOnly: true } : {});
  const records: HookInvocationRecord[] = [];
  const warnings: string[] = [];
  const runner = new HookRunner({
    registry,
    allowNonPolicy: !noHooks,
    logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
    onInvocation: (record) => records.push(record),
    commandAllowlist: [...DEFAULT_COMMAND_ALLOWLIST, ...config.commandAllowlist],
    ...(config.httpAllowedUrls ? { httpAllowedUrls: config.httpAllowedUrls } : {}),
    ...(config.models ? { models: config.models } : {}),
    traceModelIO: trace,
    projectDir: config.projectRoot,
  });

  // Ctrl-C: cancel the run (the runner kills the hooks' process groups),
  // then exit 130 like any interrupted command.
  const controller = new AbortController();
  const interrupted = () => controller.abort(new DOMException("Interrupted", "AbortError"));
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  for (const signal of signals) Deno.addSignalListener(signal, interrupted);
  const started = performance.now();
  let result: HookEventResult;
  try {
    result = await runner.run(event, fields, { cwd, signal: controller.signal });
    await runner.idle();
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, interrupted);
    await killRunningHooks();
  }
  const durationMs = performance.now() - started;
  if (controller.signal.aborted) {
    io.stderr("hook-run: interrupted; running hooks were killed\n");
    return 130;
  }

  const blocked = result.block === true;
  if (flags.json) {
    io.stdout(
      JSON.stringify({
        event,
        decision: blocked ? "block" : "allow",
        result,
        hooks: records,
        warnings,
        config: {
          files: config.example ? [EXAMPLE_PATH] : config.layers.filter((l) => l.found).map((l) => l.path),
          example: config.example,
        },
        durationMs: round(durationMs),
      }) + "\n",
    );
    return blocked ? 2 : 0;
  }

  const title = info.toolEvent ? `${event} ${fields.toolName}` : event;
  io.stdout(`${paint(io, "bold", title)}\n`);
  if (trace) {
    const files = config.example ? [EXAMPLE_PATH] : config.layers.filter((l) => l.found).map((l) => l.path);
    io.stdout(paint(io, "dim", `  config: ${files.length ? files.join(", ") : "(none)"}\n`));
  }
  if (records.length === 0) io.stdout(paint(io, "dim", "  no hook matched\n"));
  const width = Math.max(0, ...records.map((r) => r.hookName.length));
  for (const record of records) io.stdout(hookLine(record, width, trace, started, io));
  for (const warning of warnings) io.stderr(`${paint(io, "yellow", "warning:")} ${warning}\n`);
  io.stdout(decisionLine(result, blocked, io));
  if (trace) io.stdout(paint(io, "dim", `  total ${round(durationMs)} ms\n`));
  return blocked ? 2 : 0;
}

function parseEvent(positionals: string[]): HookEvent {
  const [name, ...rest] = positionals;
  if (name === undefined) throw new CliError(`missing the event to run (one of ${HOOK_EVENT_NAMES.join(", ")})`);
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" (flags start with --)`);
  try {
    return parseHookEvent(name);
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^Unknown hook event/, "unknown event"));
  }
}

async function workingDirectory(cwd: string | undefined): Promise<string> {
  if (cwd === undefined) return Deno.cwd();
  try {
    const info = await Deno.stat(cwd);
    if (!info.isDirectory) throw new CliError(`--cwd "${cwd}" is not a directory`);
    return await Deno.realPath(cwd);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`--cwd "${cwd}" does not exist or cannot be read`);
  }
}

/** The payload fields from --tool, --input and --prompt. */
async function payloadFields(
  event: HookEvent,
  values: Record<string, unknown>,
  io: CliIo,
): Promise<HookEventFields> {
  const info = HOOK_EVENTS[event];
  const tool = values.tool as string | undefined;
  if (info.toolEvent && (tool === undefined || tool === "")) throw new CliError(`${event} needs --tool NAME`);
  if (!info.toolEvent && tool !== undefined) throw new CliError(`--tool does not apply to ${event}: it has no tool`);
  const prompt = values.prompt as string | undefined;
  if (prompt !== undefined && event !== "UserPromptSubmit") {
    throw new CliError(`--prompt only applies to UserPromptSubmit`);
  }
  const input = values.input === undefined ? {} : await readInput(values.input as string, io);
  if (info.toolEvent) {
    return {
      toolName: tool!,
      toolInput: input,
      ...(event === "PostToolUse" ? { toolResult: { content: "", isError: false } } : {}),
      ...(event === "PostToolUseFailure" ? { error: "" } : {}),
    };
  }
  return { ...(event === "UserPromptSubmit" ? { prompt: prompt ?? "" } : {}), ...input } as HookEventFields;
}

async function readInput(value: string, io: CliIo): Promise<Record<string, unknown>> {
  let text: string;
  let where = "--input";
  if (value === "-") {
    text = await io.readStdin();
    where = "--input from stdin";
  } else if (value.startsWith("@")) {
    const path = value.slice(1);
    where = `--input file "${path}"`;
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
      const reason = error instanceof Deno.errors.NotFound ? "it does not exist" : (error as Error).message;
      throw new CliError(`cannot read ${where}: ${reason}`);
    }
  } else {
    text = value;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CliError(`${where} must be a JSON object, like '{"command": "ls"}'`);
  }
  return parsed as Record<string, unknown>;
}

function hookLine(record: HookInvocationRecord, width: number, trace: boolean, started: number, io: CliIo): string {
  const outcome = record.failure
    ? paint(io, "red", `failed: ${record.failure.kind}`)
    : record.action === "deny"
    ? paint(io, "red", "deny")
    : record.action === "mutate"
    ? paint(io, "yellow", "mutate")
    : paint(io, "green", "allow");
  const stage = record.event === "PreToolUse" ? record.stage : "-";
  const cells = [
    record.hookName.padEnd(width),
    record.transport.padEnd(10),
    stage.padEnd(8),
    `${round(record.durationMs)} ms`.padStart(9),
    outcome,
  ];
  let line = `  ${cells.join("  ")}\n`;
  if (trace) {
    const at = round(performance.now() - started - record.durationMs);
    line += paint(io, "dim", `    started +${Math.max(0, at)} ms, took ${round(record.durationMs)} ms\n`);
    if (record.failure) line += paint(io, "dim", `    ${record.failure.message}\n`);
    if (record.model) line += paint(io, "dim", `    model: ${record.model}\n`);
    if (record.prompt !== undefined) line += paint(io, "dim", `    prompt: ${oneLine(record.prompt)}\n`);
    if (record.answer !== undefined) line += paint(io, "dim", `    answer: ${oneLine(record.answer)}\n`);
  }
  return line;
}

function decisionLine(result: HookEventResult, blocked: boolean, io: CliIo): string {
  if (blocked) return `${paint(io, "red", "blocked")}: ${result.reason}\n`;
  let text = paint(io, "green", "allowed");
  if (result.input !== undefined) text += ` with rewritten input ${JSON.stringify(result.input)}`;
  if (result.additionalContext !== undefined) {
    text += `\n${result.contextAs === "feedback" ? "feedback" : "context"}: ${result.additionalContext}`;
  }
  return `${text}\n`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
