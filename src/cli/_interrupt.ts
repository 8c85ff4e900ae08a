// One event through a host, cancellable by Ctrl-C (SIGINT) or SIGTERM: the
// runner kills the hooks' process groups, and the host is closed (background
// hooks awaited, anything still running killed) whatever happens.

import type { HookEvent, HookEventFields, HookEventResult, HookHost, PreToolUseEnv } from "../../mod.ts";

/** Runs `event` and closes `host`; `interrupted` when a signal cancelled it. */
export async function runInterruptibly(
  host: HookHost,
  event: HookEvent,
  fields: HookEventFields,
  env: Omit<PreToolUseEnv, "signal">,
): Promise<{ result: HookEventResult; interrupted: boolean }> {
  const controller = new AbortController();
  const interrupted = () => controller.abort(new DOMException("Interrupted", "AbortError"));
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  for (const signal of signals) Deno.addSignalListener(signal, interrupted);
  try {
    const result = await host.runner.run(event, fields, { ...env, signal: controller.signal });
    return { result, interrupted: controller.signal.aborted };
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, interrupted);
    await host.close();
  }
}
