// A call's async hooks ("async": true, "asyncRewake": true), which never
// hold its answer: the gateway hands them to the courier of its set-up (or,
// where it cannot start one, runs them itself after the answer), and the
// courier runs each queued call's hooks under a watchdog and keeps what
// they leave in the spool of the call's session, for its next call. What a
// courier is and how it is started is courier.ts's; its queue and the
// spools are queue.ts's and spool.ts's.

import { defaultHome } from "../config/layers.ts";
import type { DecodedInput } from "../dialects/mod.ts";
import { type Agent, agentRunEnv, readAgentCall } from "../host/agent_call.ts";
import { type AgentHostFlags, openAgentHost } from "../host/agent_host.ts";
import type { HookHost } from "../host/hook_host.ts";
import { handToCourier, queueOf, serveQueue } from "./courier.ts";
import { type CourierQueue, type QueuedCall, sweepQueues } from "./queue.ts";
import { type AsyncSpool, spoolOf, sweepSpools } from "./spool.ts";

/** The spool of a session's async results, when the call names its session and a home is known. */
export async function sessionSpool(sessionId: string | undefined): Promise<AsyncSpool | undefined> {
  const home = sessionId === undefined ? undefined : defaultHome();
  return home === undefined ? undefined : await spoolOf(home, sessionId!);
}

/**
 * Runs the call's async hooks without holding the call: in hook-run
 * started again (`--run-async`); where this process cannot start one
 * under its own permissions, here, after the answer — Claude then waits
 * for them, which is said.
 */
export async function handOff(
  call: QueuedCall,
  host: HookHost,
  decoded: DecodedInput,
  env: ReturnType<typeof agentRunEnv>,
  spool: AsyncSpool | undefined,
  io: { stderr(text: string): void },
): Promise<void> {
  if (spool === undefined) {
    io.stderr(
      `hook-run gateway: the call has no session_id (or no home directory is known), so its async hooks would have no next call to answer with; they did not run\n`,
    );
    return;
  }
  const { problem } = await handToCourier(call, defaultHome()!);
  if (problem === undefined) return;
  io.stderr(
    `hook-run gateway: the async hooks of this call could not run in a process of their own (${problem}); they ran before the gateway ended, so Claude waited for them\n`,
  );
  await spool.write(await host.runner.runAsyncHooks(decoded.event, decoded.fields, env));
}

/**
 * `--run-async` with a call on stdin: queues it as a gateway would, and
 * serves the set-up's queue unless a courier already does; `false`, and
 * nothing run, when the call names no session or no home is known.
 */
export async function runCallAsync(
  agent: Agent,
  decoded: DecodedInput,
  flags: AgentHostFlags,
  call: QueuedCall,
): Promise<boolean> {
  const home = defaultHome();
  if (decoded.sessionId === undefined || home === undefined) return false;
  const queue = await queueOf(home);
  await queue.add(call);
  await serveCourier(agent, flags, { queue, token: undefined });
  return true;
}

/**
 * The courier of a set-up's queue: runs each call's async hooks under
 * their deadlines, and keeps what they leave in the spool of the call's
 * own session for its next call.
 */
export async function serveCourier(
  agent: Agent,
  flags: AgentHostFlags,
  { queue, token }: { queue: CourierQueue; token: string | undefined },
): Promise<void> {
  await serveQueue(queue, token, {
    run: (call) => runQueued(agent, flags, call),
    lost: async (call) => {
      const decoded = readAgentCall(agent, call.call, "the queue");
      await (await sessionSpool(decoded.sessionId))?.write([{
        id: crypto.randomUUID(),
        sessionId: decoded.sessionId!,
        hookName: "hookgate",
        event: decoded.event,
        at: Date.now(),
        systemMessage:
          `hookgate: the async hooks of a ${decoded.event} call did not finish: the process that ran them ended before they did`,
      }]);
    },
  });
}

/**
 * One call's async hooks. Bounded: a watchdog past the longest of their
 * timeouts kills them and ends the process, whatever hangs.
 */
async function runQueued(agent: Agent, flags: AgentHostFlags, call: QueuedCall): Promise<void> {
  const decoded = readAgentCall(agent, call.call, "the queue");
  const spool = await sessionSpool(decoded.sessionId);
  if (spool === undefined) return;
  // Nobody reads its output: what goes wrong is in what it leaves (a hook's error).
  const host = await openAgentHost(agent, flags, call.root, {
    logger: {},
    ...(call.start === undefined ? {} : { callerProjectDir: call.start }),
  });
  const longest = Math.max(
    0,
    ...host.registry.all().map((entry) => entry.transport === "command" && entry.hook.async ? entry.timeoutMs : 0),
  );
  const watchdog = setTimeout(() => {
    void host.runner.killRunningHooks().finally(() => Deno.exit(1));
  }, longest + ASYNC_SLACK_MS);
  try {
    const results = await host.runner.runAsyncHooks(decoded.event, decoded.fields, agentRunEnv(decoded, call.cwd));
    await spool.write(results);
    await sweepSpools(defaultHome()!);
    await sweepQueues(defaultHome()!);
  } finally {
    clearTimeout(watchdog);
    await host.close();
  }
}

/** How long past the longest async hook's timeout its process may take (loading, killing, writing). */
const ASYNC_SLACK_MS = 30_000;
