// `hook-run gateway`: hookgate as a Claude-style agent's one hook. Reads the
// event the agent sends on stdin, runs every configured hook for it through
// one runner (every layer and dialect), and answers on stdout in Claude
// Code's output format with exit code 0. Its own failures are never a
// silent allow: one line on stderr and exit 2 where the event can block.

import {
  formatDiagnostic,
  HOOK_EVENTS,
  HookConfigError,
  type HookEvent,
  type HookInvocationRecord,
  openHookHost,
} from "../../mod.ts";
import { dialectOf, UnsupportedEventError } from "../dialects/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { runInterruptibly } from "./_interrupt.ts";
import { type CliIo, printable } from "./_io.ts";
import { readCapped } from "./_payload.ts";
import { absolutePath } from "./_path.ts";
import { hookLine } from "./_render.ts";
import { reportProjectTrust, skippedSummary, trustCommandLine } from "./_trust.ts";

export const GATEWAY_HELP = `Usage: hook-run gateway [--config PATH]... [--extension PATH]... [--cwd DIR] [--trace]

Reads one Claude Code hook event from stdin (the JSON Claude sends hooks;
"hook_event_name" picks the event), runs every configured hook for it — all
layers, every dialect — and answers on stdout in Claude's output format, with
exit code 0: {} when nothing applies.

Install it as the one hook of a Claude-style agent (see examples/claude/).
Its own failures (unreadable stdin, a payload that is not a Claude event, a
configuration error) are one line on stderr and exit code 2 where the event
can block (1 elsewhere), never a silent allow. Events hookgate does not model
are answered {} (said on stderr with --trace).

Options:
  --config PATH     a configuration file, after the user and project layers (repeatable)
  --extension PATH  an extension module to load, after the configured ones (repeatable)
  --cwd DIR         the project root (default: $CLAUDE_PROJECT_DIR, else the event's cwd)
  --trace           say on stderr what each hook did
`;

const claude = dialectOf("claude");

export async function gatewayCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("gateway", args, { trace: { type: "boolean" } });
  if (values.help) {
    io.stdout(GATEWAY_HELP);
    return 0;
  }
  const flags = commonFlags(values);
  const trace = values.trace === true;
  // Until the event is known, a failure must fail closed.
  const fail = (reason: string, event?: HookEvent) => {
    io.stderr(`hook-run gateway: ${printable(reason)}\n`);
    return event === undefined || HOOK_EVENTS[event].canBlock ? 2 : 1;
  };
  if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}" (the event comes on stdin)`);
  if (Number(readEnv("HOOKGATE_DEPTH") ?? 0) > 0) {
    // Run as one of hookgate's own hooks (the routing file was also loaded
    // as a hook layer): answering would recurse without end.
    io.stderr("hook-run gateway: called from one of hookgate's own hooks; answering {} so it does not call itself\n");
    io.stdout("{}\n");
    return 0;
  }

  let wire: unknown;
  try {
    wire = JSON.parse(await readCapped(io.stdin(), "the event on stdin", "send one Claude hook event"));
  } catch (error) {
    return fail(error instanceof SyntaxError ? `stdin is not JSON: ${error.message}` : (error as Error).message);
  }
  let decoded;
  try {
    decoded = claude.decodeInput(wire);
  } catch (error) {
    if (error instanceof UnsupportedEventError) {
      if (trace) io.stderr(`hook-run gateway: ${printable(error.message)}; answered {}\n`);
      io.stdout("{}\n");
      return 0;
    }
    return fail(`stdin is not a Claude hook event: ${(error as Error).message}`);
  }
  const event = decoded.event;

  const cwd = decoded.cwd ?? Deno.cwd();
  const projectRoot = await absolutePath(flags.cwd ?? readEnv("CLAUDE_PROJECT_DIR") ?? cwd);
  const records: HookInvocationRecord[] = [];
  const warnings: string[] = [];
  let host;
  try {
    host = await openHookHost({
      paths: flags.config,
      extensions: flags.extensions,
      projectRoot,
      logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
      onInvocation: (record) => records.push(record),
      dieWithHost: true,
      ...(readEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {}),
    });
  } catch (error) {
    if (error instanceof HookConfigError) {
      for (const diagnostic of error.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
      return fail(
        `the configuration has errors (run "hook-run check --cwd ${projectRoot}"): ${error.message.split("\n")[0]}`,
        event,
      );
    }
    return fail((error as Error).message, event);
  }
  const project = host.config.project;
  await reportProjectTrust(io, project, false);

  const started = performance.now();
  const { result, interrupted } = await runInterruptibly(host, event, decoded.fields, {
    cwd,
    ...(decoded.sessionId ? { sessionId: decoded.sessionId } : {}),
    ...(decoded.transcriptPath ? { transcriptPath: decoded.transcriptPath } : {}),
    ...(decoded.permissionMode ? { permissionMode: decoded.permissionMode } : {}),
    ...(decoded.stopHookActive ? { stopHookActive: true } : {}),
  });
  if (interrupted) return fail("interrupted; running hooks were killed", event);
  if (trace) {
    const width = Math.max(0, ...records.map((r) => r.hookName.length));
    for (const record of records) io.stderr(hookLine(record, width, false, started, { ...io, color: false }));
  }

  // What the user should know rides along as systemMessage: hook failures
  // and a project whose hooks were held back.
  const notes = [...warnings];
  if (project !== undefined && !project.trusted && project.skipped.length + project.skippedExtensions.length > 0) {
    notes.push(
      `hookgate skipped ${skippedSummary(project)} of an untrusted project; review and trust them with: ${
        trustCommandLine(project.snapshot.root)
      }`,
    );
  }
  const answer = claude.encodeResult(event, result);
  if (notes.length > 0) {
    answer.systemMessage = [answer.systemMessage, ...notes].filter((text) => text !== undefined).join("\n");
  }
  io.stdout(JSON.stringify(answer) + "\n");
  return 0;
}

function readEnv(name: string): string | undefined {
  try {
    return Deno.permissions.querySync({ name: "env", variable: name }).state === "granted"
      ? Deno.env.get(name)
      : undefined;
  } catch {
    return undefined;
  }
}
