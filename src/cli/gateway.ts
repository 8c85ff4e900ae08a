// `hook-run gateway`: hookgate as an agent's one hook. Reads the event the
// agent (--agent, Claude Code by default) sends on stdin, runs every
// configured hook for it through one runner (every layer and dialect), and
// answers on stdout in that agent's output format with exit code 0. Its own
// failures are never a silent allow: one line on stderr and exit 2 where the
// event can block. The call's async hooks go to the courier (src/courier/),
// which answers with what they left on the session's next call.

import {
  AGENTS,
  type AsyncHookCall,
  defaultHome,
  HOOK_EVENTS,
  type HookEvent,
  type HookInvocationRecord,
  isHookEvent,
} from "../../mod.ts";
import { hookDepth, MAX_HOOK_DEPTH } from "../transports/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import {
  agentAnswer,
  agentExit,
  agentOf,
  agentRunEnv,
  CLAUDE_AGENT,
  hookErrors,
  hostErrorMessage,
  openAgentHost,
  readAgentCall,
  refusedConfig,
  unknownAgent,
} from "../host/mod.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import {
  COURIER_IDLE_MS,
  handOff,
  type QueuedCall,
  queueReference,
  resumeCourier,
  runCallAsync,
  serveCourier,
  sessionSpool,
} from "../courier/mod.ts";
import { interruptibly } from "./_interrupt.ts";
import { recordEvent, recordFile } from "./_record.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { readCapped } from "./_payload.ts";
import { projectOf, unreadableLines } from "./_project_root.ts";
import { hookLine } from "./_render.ts";
import { closeReadLog, type LoggedRead, openReadLog } from "../_internal/read_log.ts";
import { memoAvailable, memoCall, memoWords, NOTHING_ANSWER, remember } from "../memo/mod.ts";
import { reportProjectTrust } from "./_trust.ts";

export const GATEWAY_HELP =
  `Usage: hook-run gateway [--agent NAME] [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR] [--trace]

Reads one Claude Code hook event (or, with --agent, one of that agent's) from stdin (the JSON Claude sends hooks;
"hook_event_name" picks the event), runs every configured hook for it — all
layers, every dialect, but not those of Claude's own settings files
(.claude/settings*.json), which Claude runs itself — and answers on stdout in
Claude's output format, with exit code 0: {} when nothing applies (said on
stderr when no hookgate configuration exists at all). (Where Claude
takes a block only as an exit code — TeammateIdle, TaskCompleted,
WorktreeCreate — a block is exit code 2 with the reason on stderr.)

Install it as the one hook of Claude Code with "hook-run install claude"
(or by hand: see examples/claude/).
Its own failures (unreadable stdin, a payload that is not the agent's event,
an extension module that cannot be loaded) are one line on stderr and exit
code 2 where the event can block (1 elsewhere), never a silent allow; a
usage error (an unknown option, a missing value) is exit code 2 always. A broken
configuration entry affects only itself: the rest runs, the user is told,
and a closed or policy entry denies the tool calls and prompts it could have
matched (a file that cannot be parsed, every one); Stop is never blocked for
it. The hooks of an event hookgate does not know (one the agent added after
this version of hookgate: Claude Code, Codex, Gemini CLI and Cursor all add
events between releases) run side by side, and nothing is decided: the
answer carries only their messages (and for Claude Code and Gemini CLI a
halt). A hook's
error (a non-zero exit, a timeout, a refusal) is shown to the user as
systemMessage, as Claude shows one; what Claude keeps in its debug log — a
hook's plain text where it means nothing, an answer read leniently — goes to
stderr.

Options:
  --agent NAME      the agent that calls it, whose events it reads and answers (default: claude; one of
                    ${AGENTS.join(", ")}); that agent's own settings files are left out, since it runs them itself
  --config PATH     a configuration file, after the user and project layers (repeatable); one the agent runs
                    itself (Claude: ~/.claude/settings.json, the project's .claude/settings*.json) is refused
                    with exit code 2, since its hooks would run twice
  --plugin DIR      a Claude Code plugin directory: its hooks/hooks.json, after every other layer (repeatable)
  --extension PATH  an extension module to load, after the configured ones (repeatable)
  --cwd DIR         where the project is found from (default: the agent's project variable, $CLAUDE_PROJECT_DIR
                    for Claude, else the event's cwd): the nearest directory up from there holding .hookgate/
                    (else an agent's project file; Codex: else the git root), never above the git root or $HOME
  --trace           say on stderr what each hook did
  --record FILE     append each event to FILE in hookgate's trace format (for hook-run replay)
  --run-async       run only the call's async hooks, and those of the calls with the same
                    options, working directory and environment that come meanwhile, and
                    keep what they leave for each one's session's next call (the gateway
                    starts itself so, to answer without waiting for them)

Async hooks ("async": true, "asyncRewake": true) never hold the answer and
never decide, as in Claude: the gateway queues the call and starts
"hook-run gateway --run-async" in a session of its own unless one already
runs for the gateway's set-up (its options, working directory and
environment, which the hooks inherit) — one such process per set-up with
calls in the last ${COURIER_IDLE_MS / 1000} s, whatever their session, and every queued call
runs — which runs them under their timeouts and keeps what they leave in
$HOOKGATE_HOME/async/; the next call of the call's session on an event
that takes context answers it (an asyncRewake hook's exit 2: the block of
the next Stop, or context) and deletes it. Hooks lost with a process that
ended first are said so there.
`;

/** What a call that may be answered from the memo next time noted: whether it said anything, what its load read. */
interface MemoNotes {
  spoke: boolean;
  reads: LoggedRead[] | undefined;
}

export async function gatewayCommand(args: string[], io: CliIo): Promise<number> {
  if (!memoAvailable() || !memoWords(args)) return await gatewayCall(args, io, undefined);
  // What the load reads is noted, for the memo (src/memo/): kept if the call runs nothing and says nothing.
  const memo: MemoNotes = { spoke: false, reads: undefined };
  openReadLog();
  try {
    const told = { ...io, stderr: (text: string) => void (memo.spoke = true, io.stderr(text)) };
    return await gatewayCall(args, told, memo);
  } finally {
    closeReadLog();
  }
}

async function gatewayCall(args: string[], io: CliIo, memo: MemoNotes | undefined): Promise<number> {
  const { values, positionals } = parseFlags("gateway", args, {
    trace: { type: "boolean" },
    record: { type: "string" },
    "run-async": { type: "boolean" },
    agent: { type: "string" },
  });
  if (values.help) {
    io.stdout(GATEWAY_HELP);
    return 0;
  }
  const flags = commonFlags(values);
  const trace = values.trace === true;
  // Until the event is known, a failure must fail closed.
  // An event hookgate does not know might block: it fails closed too.
  const fail = (reason: string, event?: HookEvent) => {
    io.stderr(`hook-run gateway: ${printable(reason)}\n`);
    return event === undefined || !isHookEvent(event) || HOOK_EVENTS[event].canBlock ? 2 : 1;
  };
  if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}" (the event comes on stdin)`);
  const named = values.agent as string | undefined;
  const agent = named === undefined ? CLAUDE_AGENT : agentOf(named);
  if (agent === undefined) return fail(unknownAgent(named!));
  let record: string | undefined;
  try {
    record = await recordFile(values.record as string | undefined);
  } catch (error) {
    return fail((error as Error).message);
  }

  let decoded;
  let text: string;
  try {
    text = await readCapped(io.stdin(), "the event on stdin", `send one ${agent.label} hook event`);
    // A courier started by a gateway is handed its session's queue, not a call.
    const reference = values["run-async"] === true ? queueReference(text, defaultHome() ?? "") : undefined;
    if (reference !== undefined) {
      await serveCourier(agent, flags, reference);
      return 0;
    }
    decoded = readAgentCall(agent, text, "stdin");
  } catch (error) {
    return fail((error as Error).message);
  }
  const event = decoded.event;
  // The entry that routes the agent here is left out wherever it is loaded
  // as a layer; this bounds any recursion that was not recognised, and it
  // blocks: an inherited count must never switch policy off.
  const depth = hookDepth({ HOOKGATE_DEPTH: readGrantedEnv("HOOKGATE_DEPTH") });
  if (depth >= MAX_HOOK_DEPTH) {
    return fail(
      `runs ${depth} deep inside hookgate's own hooks (HOOKGATE_DEPTH=${depth}, at most ${MAX_HOOK_DEPTH - 1}): ` +
        `a hook starts hook-run gateway again; remove it from the hook layers (hook-run check shows them)`,
      event,
    );
  }

  const cwd = decoded.cwd ?? Deno.cwd();
  // The agent's project directory, and hookgate's project: found from it as every front end finds it.
  const found = await projectOf(
    flags.cwd || (agent.projectDirVar && readGrantedEnv(agent.projectDirVar)) || cwd,
    agent.name,
  );
  const projectRoot = found.root;
  const queued: QueuedCall = { call: text, root: projectRoot, start: found.start, cwd };
  if (values["run-async"] === true) return await runCallAsync(agent, decoded, flags, queued) ? 0 : 1;
  const records: HookInvocationRecord[] = [];
  const handedOff: AsyncHookCall[] = [];
  // For the user: what Claude would show (a broken configuration, hooks'
  // errors); the rest of what happened goes to stderr, Claude's debug log.
  const notes: string[] = [];
  let host;
  try {
    host = await openAgentHost(agent, flags, projectRoot, {
      logger: {
        warn: (message) => io.stderr(`hook-run gateway: ${printable(message)}\n`),
        error: (m) => notes.push(m),
      },
      onInvocation: (record) => records.push(record),
      // The call never waits for them: they run in a process of their own, after the answer.
      handOffAsyncHooks: (call) => void handedOff.push(call),
      callerProjectDir: found.start,
    });
  } catch (error) {
    return fail(hostErrorMessage(error, projectRoot, io), event);
  }
  const refused = refusedConfig(host.config);
  if (refused !== undefined) {
    // Never run twice, never dropped in silence: a usage error, which blocks.
    await host.close();
    io.stderr(`hook-run gateway: ${printable(refused)}\n`);
    return 2;
  }
  const project = host.config.project;
  await reportProjectTrust(io, project, false);
  for (const line of unreadableLines(host.config)) io.stderr(`hook-run gateway: ${line}\n`);
  const looked = host.config.layers.filter((layer) => !layer.runByCaller);
  if (!looked.some((layer) => layer.found) && host.config.extensions.length + flags.extensions.length === 0) {
    // Nothing to run is no failure ({} is the answer), but a silent {} hides a set-up that reads nothing.
    io.stderr(
      `hook-run gateway: no hookgate configuration found (looked for ${
        printable(looked.map((layer) => layer.path).join(", "))
      }): nothing to run, answered {}; see hook-run check\n`,
    );
  }

  if (memo !== undefined) memo.reads = closeReadLog();
  const started = performance.now();
  await recordEvent(io, record, event, decoded.fields, {
    cwd,
    ...(decoded.sessionId ? { sessionId: decoded.sessionId } : {}),
  });
  // What the session's async hooks left since its last call: this answer may deliver it.
  const spool = await sessionSpool(decoded.sessionId);
  const delivered = await spool?.read(decoded.sessionId!) ?? [];
  for (const waiting of delivered) host.runner.deferred.add(waiting);
  const env = agentRunEnv(decoded, cwd);
  return await interruptibly(host, async (signal) => {
    // An event no hook was configured for that the table does not have
    // either (one the agent added later): nothing runs, nothing to say.
    const result = host.registry.info(event) === undefined
      ? {}
      : await host.runner.run(event, decoded.fields, { ...env, signal });
    if (signal.aborted) return fail("interrupted; running hooks were killed", event);
    if (trace) {
      const width = Math.max(0, ...records.map((r) => r.hookName.length));
      for (const record of records) io.stderr(hookLine(record, width, false, started, { ...io, color: false }));
    }
    // Hook errors ride along as systemMessage, with a held-back project.
    const told = [...notes, ...hookErrors(records)];
    const answer = agentAnswer(agent, decoded, event, result, told, project);
    io.stdout(answer);
    await spool?.settle(host.runner.deferred.pending(decoded.sessionId!));
    if (handedOff.length > 0) await handOff(queued, host, decoded, env, spool, io);
    else if (spool !== undefined) await resumeCourier(defaultHome()!);
    const exit = agentExit(agent, event, result, decoded, told, project);
    if (exit.code !== 0) io.stderr(`${printable(exit.stderr)}\n`);
    // On exit 0, what the agent's answer cannot carry (Cursor's warnings), one line each, for its hook log.
    else if (exit.stderr !== "") { for (const line of exit.stderr.split("\n")) io.stderr(`${printable(line)}\n`); }
    // Nothing ran, nothing was said, nothing waited: the next call of this event is answered from the memo.
    const home = defaultHome();
    if (memo?.reads !== undefined && !memo.spoke && home !== undefined) {
      const quiet = (host.registry.info(event) === undefined || !host.runner.has(event)) && records.length === 0 &&
        told.length === 0 && delivered.length === 0 && handedOff.length === 0 && exit.code === 0 &&
        answer === NOTHING_ANSWER && host.config.extensions.length + flags.extensions.length === 0;
      const call = quiet ? memoCall(home, args, text) : undefined;
      if (call !== undefined && call.cwd === decoded.cwd) await remember(call, memo.reads, answer);
    }
    return exit.code;
  });
}
