// One event through a host, cancellable by Ctrl-C (SIGINT) or SIGTERM: the
// runner kills the hooks' process groups, and the host is closed (background
// hooks awaited, anything still running killed) whatever happens.

import type { HookEvent, HookEventFields, HookEventResult, HookHost, PreToolUseEnv } from "../../mod.ts";

/** Runs `event` and closes `host`; `interrupted` when a signal cancelled it. */
export function runInterruptibly(
  host: HookHost,
  event: HookEvent,
  fields: HookEventFields,
  env: Omit<PreToolUseEnv, "signal">,
): Promise<{ result: HookEventResult; interrupted: boolean }> {
  return interruptibly(host, async (signal) => ({
    // An event no hook was configured for that the table does not have
    // either (one the agent added later): nothing runs, nothing to say.
    result: host.registry.info(event) === undefined ? {} : await host.runner.run(event, fields, { ...env, signal }),
    interrupted: signal.aborted,
  }));
}

/**
 * Runs `work` with a signal that Ctrl-C (or SIGTERM) aborts, then closes
 * `host` whatever happens.
 */
export async function interruptibly<T>(host: HookHost, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupted = () => controller.abort(new DOMException("Interrupted", "AbortError"));
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  for (const signal of signals) Deno.addSignalListener(signal, interrupted);
  try {
    return await work(controller.signal);
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, interrupted);
    await host.close();
  }
}
