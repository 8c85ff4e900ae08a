// `hook-run run <Event>`: build the payload, load the layers, run the event
// through HookRunner, print what each hook did and the decision.

import {
  AGENTS,
  formatDiagnostic,
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookInvocationRecord,
  parseAgent,
} from "../../mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { EXAMPLE_PATH, loadCliConfig, openCliHost } from "./_config.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint } from "./_io.ts";
import { parseEvent, payloadFields, workingDirectory } from "./_payload.ts";
import { decisionLine, hookLine, round } from "./_render.ts";
import { projectJson, reportProjectTrust } from "./_trust.ts";
import { runInterruptibly } from "./_interrupt.ts";
import { recordEvent, recordFile } from "./_record.ts";

export const RUN_HELP = `Usage: hook-run run <Event> [options]

Runs one event through the configured hooks and prints what each hook did.
Exit code: 0 allowed, 2 blocked or denied, 1 usage error. Configuration
errors are printed, and what they break does not run: the rest does, and a
broken closed or policy entry denies what it could match.

Options:
  --tool NAME        the tool (required for ${HOOK_EVENT_NAMES.filter((e) => HOOK_EVENTS[e].toolEvent).join(", ")})
  --input JSON       the tool input (tool events) or the event's own payload fields, like {"agentId": "a"}
                     (never event, cwd or sessionId: the runner sets them); @file reads a file, - reads stdin;
                     16 MiB at most
  --prompt TEXT      the user prompt (UserPromptSubmit)
  --cwd DIR          the working directory, from which the project is found (default: the current directory)
  --config PATH      a configuration file, after the user and project layers (repeatable)
  --plugin DIR       a Claude Code plugin directory: its hooks/hooks.json, after every other layer (repeatable)
  --extension PATH   an extension module to load, after the configured ones (repeatable)
  --agent claude     run as that agent's hook-run gateway would: the hooks of its own settings
                     files (.claude/settings*.json) are left out, since the agent runs them itself
  --no-hooks         run only hooks marked "policy": true
  --json             print one JSON object instead of text
  --trace            also print timings, failure details, files, and prompt-hook prompts and answers
  --record FILE      append the event to FILE in hookgate's trace format (for hook-run replay)
`;

export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("run", args, {
    tool: { type: "string" },
    input: { type: "string" },
    prompt: { type: "string" },
    "no-hooks": { type: "boolean" },
    trace: { type: "boolean" },
    record: { type: "string" },
    agent: { type: "string" },
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
  const record = await recordFile(values.record as string | undefined);
  const named = values.agent as string | undefined;
  const agent = named === undefined ? undefined : parseAgent(named);
  if (named !== undefined && agent === undefined) {
    throw new CliError(`--agent must be one of ${AGENTS.join(", ")}, got "${named}"`);
  }

  // A configuration with errors runs what is good: what they break does
  // not run, and its closed or policy entries deny what they could match.
  const config = await loadCliConfig(
    flags.config,
    cwd,
    false,
    flags.extensions,
    agent,
    flags.plugins,
  );
  if (config.example) {
    io.stderr(`hook-run: no configuration found; using the bundled example ${EXAMPLE_PATH}\n`);
  }
  for (const diagnostic of config.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
  await reportProjectTrust(io, config.project, config.trustedByEnv);

  const records: HookInvocationRecord[] = [];
  const warnings: string[] = [];
  const host = await openCliHost(io, {
    config,
    projectRoot: config.projectRoot,
    extensions: flags.extensions,
    noHooks,
    logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
    onInvocation: (record) => records.push(record),
    traceModelIO: trace,
    // Killed with SIGKILL, hook-run must not leave its hooks running.
    dieWithHost: true,
  });

  await recordEvent(io, record, event, fields, { cwd });
  const started = performance.now();
  const { result, interrupted } = await runInterruptibly(host, event, fields, { cwd });
  const durationMs = performance.now() - started;
  if (interrupted) {
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
        project: projectJson(config.project, config.trustedByEnv),
        durationMs: round(durationMs),
      }) + "\n",
    );
    return blocked ? 2 : 0;
  }

  const title = info.toolEvent ? `${event} ${printable(fields.toolName!)}` : event;
  io.stdout(`${paint(io, "bold", title)}\n`);
  if (trace) {
    const files = config.example ? [EXAMPLE_PATH] : config.layers.filter((l) => l.found).map((l) => l.path);
    io.stdout(paint(io, "dim", `  config: ${files.length ? printable(files.join(", ")) : "(none)"}\n`));
  }
  if (records.length === 0) io.stdout(paint(io, "dim", "  no hook matched\n"));
  const width = Math.max(0, ...records.map((r) => printable(r.hookName).length));
  for (const record of records) io.stdout(hookLine(record, width, trace, started, io));
  for (const warning of warnings) io.stderr(`${paint(io, "yellow", "warning:")} ${printable(warning)}\n`);
  io.stdout(decisionLine(result, blocked, io));
  if (trace) io.stdout(paint(io, "dim", `  total ${round(durationMs)} ms\n`));
  return blocked ? 2 : 0;
}
