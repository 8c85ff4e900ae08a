// `hook-run replay FILE...`: run recorded sessions through today's hooks
// and show what would change — per step where a hook acted, then a table
// per hook. Exit 2 when anything would have been blocked, so a policy
// change can be gated in CI on recorded sessions.

import { formatDiagnostic, type HookEvent, parseHookEvent } from "../../mod.ts";
import {
  readReplayFile,
  Replay,
  type ReplayEffect,
  type ReplayHookStats,
  type ReplayStepResult,
} from "../replay/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { loadCliConfig, openCliHost } from "./_config.ts";
import { interruptibly } from "./_interrupt.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint, table } from "./_io.ts";
import { round } from "./_render.ts";
import { reportProjectTrust } from "./_trust.ts";

export const REPLAY_HELP = `Usage: hook-run replay FILE... [options]

Runs every recorded step of each FILE through the configured hooks, in
order, and shows what they would have changed: one line per step where a
hook blocked, asked, rewrote (with a diff), added context, halted or failed,
then a table per hook (calls, blocks, rewrites, context, failures, p50/p99).

FILE is a Claude Code transcript (~/.claude/projects/<project>/<session>.jsonl)
or hookgate's trace format: one JSON object per line with "event" and the
payload fields ("toolName", "toolInput", "toolResult", "prompt", "cwd",
"sessionId", ...), as hook-run run --record and gateway --record write it.

Hooks run for real: command hooks execute, HTTP hooks are called, prompt
hooks ask their model, in-process extensions act. Replay with the
configuration you mean to test, --only-policy for policy hooks alone.

Options:
  --config PATH      a configuration file, after the user and project layers (repeatable)
  --plugin DIR       a Claude Code plugin directory: its hooks/hooks.json, after every other layer (repeatable)
  --extension PATH   an extension module to load, after the configured ones (repeatable)
  --cwd DIR          the project root, and the working directory of steps that recorded none
  --event NAME       replay only this event (repeatable)
  --format F         auto (default), claude or trace
  --only-policy      run only hooks marked "policy": true
  --no-background    leave out background hooks
  --json             print one JSON document instead of text
  --trace            also print every step, acted or not

Exit code: 2 when any step would have been blocked (or the agent halted),
0 otherwise, 1 on bad input or configuration errors, 130 interrupted.
`;

const FORMATS = ["auto", "claude", "trace"] as const;

export async function replayCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("replay", args, {
    event: { type: "string", multiple: true },
    format: { type: "string" },
    "only-policy": { type: "boolean" },
    "no-background": { type: "boolean" },
    trace: { type: "boolean" },
  });
  if (values.help) {
    io.stdout(REPLAY_HELP);
    return 0;
  }
  const flags = commonFlags(values);
  if (positionals.length === 0) throw new CliError("missing the file(s) to replay (see hook-run replay --help)");
  const format = (values.format as string | undefined) ?? "auto";
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`--format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  }
  const events = ((values.event as string[] | undefined) ?? []).map(eventFlag);
  for (const file of positionals) await readable(file);

  const config = await loadCliConfig(flags.config, flags.cwd, false, flags.extensions, undefined, flags.plugins);
  if (!config.ok) {
    for (const diagnostic of config.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
    throw new CliError("the configuration has errors; nothing was replayed");
  }
  reportProjectTrust(io, config.project, config.trustedByEnv);
  // --no-background: the configured background hooks are left out before loading.
  const hooks = values["no-background"] === true
    ? Object.fromEntries(
      Object.entries(config.hooks).map(([event, list]) => [event, list?.filter((h) => !h.background)]),
    )
    : config.hooks;
  const replay = new Replay({ cwd: config.projectRoot, events });
  const warnings: string[] = [];
  const host = await openCliHost(io, {
    config: { ...config, hooks },
    projectRoot: config.projectRoot,
    extensions: flags.extensions,
    noHooks: values["only-policy"] === true,
    onInvocation: replay.onInvocation,
    logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
    dieWithHost: true,
  });

  const acted: ReplayStepResult[] = [];
  // Kept for --json only: the text output says each on stderr and counts them.
  const problems: { file: string; line: number; message: string }[] = [];
  let problemCount = 0;
  const skipped = new Map<string, number>();
  const progress = new Progress(io);
  const showAll = values.trace === true;
  const interrupted = await interruptibly(host, async (signal) => {
    for (const path of positionals) {
      for await (const record of readReplayFile(path, { format: format as (typeof FORMATS)[number], name: path })) {
        if (signal.aborted) return true;
        if (record.kind === "skipped") skipped.set(record.type, (skipped.get(record.type) ?? 0) + 1);
        else if (record.kind === "problem") {
          problemCount++;
          if (flags.json) problems.push(record);
          else io.stderr(`${printable(`${record.file}:${record.line}: ${record.message}`)}\n`);
        } else {
          const result = await replay.run(host.runner, record.step, signal);
          progress.update(record.step.file, record.step.line, replay.totals().steps);
          if (result === null || (result.effects.length === 0 && !showAll)) continue;
          if (flags.json) acted.push(result);
          else io.stdout(stepLine(result, io));
        }
      }
    }
    return signal.aborted;
  });
  progress.clear();
  if (interrupted) {
    io.stderr("hook-run: interrupted; running hooks were killed\n");
    return 130;
  }
  const totals = replay.totals();
  const stats = replay.stats();
  for (const dir of replay.missingDirectories()) {
    warnings.unshift(
      `the recorded working directory ${dir} does not exist here; its steps ran in ${config.projectRoot} (set it with --cwd)`,
    );
  }
  if (flags.json) {
    io.stdout(
      JSON.stringify({
        steps: acted.map(({ step, result, effects }) => ({ ...step, result, effects })),
        hooks: stats,
        totals: { ...totals, skipped: Object.fromEntries(skipped), problems: problemCount },
        problems,
        warnings,
      }) + "\n",
    );
  } else {
    io.stdout(summary(stats, totals, skipped, problemCount, io));
    for (const warning of new Set(warnings)) io.stderr(`${paint(io, "yellow", "warning:")} ${printable(warning)}\n`);
  }
  return totals.blocked > 0 ? 2 : 0;
}

function eventFlag(name: string): HookEvent {
  try {
    return parseHookEvent(name);
  } catch (error) {
    throw new CliError(`--event: ${(error as Error).message}`);
  }
}

async function readable(path: string): Promise<void> {
  try {
    if (!(await Deno.stat(path)).isFile) throw new CliError(`${printable(path)} is not a file`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      error instanceof Deno.errors.NotFound
        ? `${printable(path)} does not exist`
        : `${printable(path)} cannot be read: ${(error as Error).message}`,
    );
  }
}

const EFFECT_COLOURS: Record<ReplayEffect["kind"], "red" | "yellow" | "green" | "dim"> = {
  blocked: "red",
  halted: "red",
  failed: "red",
  asked: "yellow",
  deferred: "yellow",
  granted: "green",
  rewrote: "yellow",
  "replaced result": "yellow",
  context: "green",
};

/** `session.jsonl:12 PreToolUse Bash  blocked guard: no rm -rf` (more effects on following lines). */
function stepLine({ step, effects }: ReplayStepResult, io: CliIo): string {
  const tool = step.fields.toolName === undefined ? "" : ` ${step.fields.toolName}`;
  const head = printable(`${step.file}:${step.line} ${step.event}${tool}`);
  if (effects.length === 0) return `${head}  ${paint(io, "dim", "no change")}\n`;
  return effects.map((effect, index) =>
    `${index === 0 ? head : " ".repeat(head.length)}  ${paint(io, EFFECT_COLOURS[effect.kind], effect.kind)} ${
      printable(effect.detail)
    }\n`
  ).join("");
}

function summary(
  stats: ReplayHookStats[],
  totals: { steps: number; blocked: number },
  skipped: Map<string, number>,
  problems: number,
  io: CliIo,
): string {
  const skippedText = [...skipped].map(([type, count]) => `${type} ${count}`).join(", ");
  const lines = [
    "",
    `${totals.steps} steps replayed; ${totals.blocked} would have been blocked` +
    (skipped.size > 0 ? `; skipped lines: ${skippedText}` : "") +
    (problems > 0 ? `; ${problems} ${problems === 1 ? "problem" : "problems"} (on stderr)` : ""),
  ];
  if (stats.length === 0) return [...lines, "no hook ran", ""].join("\n");
  const rows = table([
    ["HOOK", "TRANSPORT", "CALLS", "BLOCKS", "REWRITES", "CONTEXT", "FAILURES", "P50", "P99"],
    ...stats.map((s) => [
      printable(s.hook),
      s.transport,
      String(s.calls),
      String(s.blocks),
      String(s.rewrites),
      String(s.context),
      String(s.failures),
      `${round(s.p50Ms)} ms`,
      `${round(s.p99Ms)} ms`,
    ]),
  ]);
  const [header, ...rest] = rows.split("\n");
  return [...lines, paint(io, "bold", header!), ...rest].join("\n").replace(/\n*$/, "\n");
}

/** A line on stderr that says how far a long replay got (terminals only, at most every 250 ms). */
class Progress {
  #io: CliIo;
  #last = 0;
  #shown = false;

  constructor(io: CliIo) {
    this.#io = io;
  }

  update(file: string, line: number, steps: number): void {
    if (this.#io.progress !== true) return;
    const now = performance.now();
    if (now - this.#last < 250) return;
    this.#last = now;
    this.#shown = true;
    this.#io.stderr(`\r\x1b[2Kreplaying ${printable(file)}: line ${line}, ${steps} steps`);
  }

  clear(): void {
    if (this.#shown) this.#io.stderr("\r\x1b[2K");
  }
}
