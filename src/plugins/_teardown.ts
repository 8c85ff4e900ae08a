// Taking one plugin out: its teardown under the deadline, its cleanup stack,
// then `drainByOwner` as the backstop. Nothing here throws: every problem
// becomes a report entry and a logger warning, and the plugin's hooks are
// gone at the end whatever it did.

import type { Logger } from "../events/env.ts";
import type { HookRegistry } from "../registry/registry.ts";
import type { CheckedPlugin } from "./_check.ts";
import type { CleanupProblem, PluginScope } from "./_scope.ts";
import { callWithin, errorText } from "./_settle.ts";
import type { PluginTeardownProblem, PluginTeardownProblemKind } from "./report.ts";

/** What setting plugins up and tearing them down needs from the host. */
export interface LifecycleContext {
  readonly registry: HookRegistry;
  readonly logger: Logger;
  readonly enforceCapabilities: boolean;
  readonly setupTimeoutMs: number;
  readonly teardownTimeoutMs: number;
}

/** Tears an installed plugin down; returns what did not go cleanly. */
export async function tearDownPlugin(
  checked: CheckedPlugin,
  scope: PluginScope,
  context: LifecycleContext,
): Promise<PluginTeardownProblem[]> {
  // The name checked at install: the plugin object may have changed since.
  const { plugin, name } = checked;
  const { logger, teardownTimeoutMs } = context;
  // One deadline per plugin covers its teardown and its asynchronous
  // cleanups, so uninstalling never waits longer than that per plugin.
  const deadlineAt = Date.now() + teardownTimeoutMs;
  const problems: PluginTeardownProblem[] = [];
  scope.close();
  if (plugin.teardown !== undefined) {
    const controller = new AbortController();
    const settled = await callWithin(
      () => plugin.teardown!(scope.api, { signal: controller.signal }),
      teardownTimeoutMs,
      (error) => logger.warn?.(`Teardown of plugin "${name}" failed after its deadline: ${errorText(error)}`),
    );
    if (settled.kind === "timeout") {
      controller.abort(new DOMException(`The teardown deadline of plugin "${name}" passed`, "TimeoutError"));
      problems.push(problem(
        logger,
        name,
        "timeout",
        `teardown did not finish within ${teardownTimeoutMs} ms; its hooks are removed anyway`,
      ));
    } else if (settled.kind === "threw") {
      const text = `teardown failed: ${errorText(settled.error)}`;
      problems.push(problem(logger, name, "teardown", text, { cause: settled.error }));
    }
  }
  scope.abort(new DOMException(`Plugin "${name}" was uninstalled`, "AbortError"));
  await removeRemains(scope, name, deadlineAt, context, (entry) => problems.push(entry));
  return problems;
}

/** Runs a plugin's cleanup stack, then drains whatever it still owns. */
export async function removeRemains(
  scope: PluginScope,
  name: string,
  deadlineAt: number,
  context: LifecycleContext,
  report: (problem: PluginTeardownProblem) => void,
): Promise<void> {
  const onProblem: CleanupProblem = (kind, cause) =>
    report(
      kind === "timeout"
        ? problem(context.logger, name, kind, "a cleanup function did not finish before the teardown deadline")
        : problem(context.logger, name, kind, `a cleanup function failed: ${errorText(cause)}`, { cause }),
    );
  await scope.runCleanups(deadlineAt, onProblem);
  context.registry.drainByOwner(name);
}

/** A teardown problem, reported to the logger as it happens. */
function problem(
  logger: Logger,
  name: string,
  kind: PluginTeardownProblemKind,
  text: string,
  cause?: { cause: unknown },
): PluginTeardownProblem {
  const error = new Error(`Cannot tear down plugin "${name}" cleanly: ${text}`, cause);
  logger.warn?.(error.message);
  return { name, kind, error };
}
