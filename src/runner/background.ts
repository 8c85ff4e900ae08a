// Background hooks: fire-and-forget on events that cannot block. At most one
// run per hook at a time; a burst coalesces to its latest payload.

import type { HookInput } from "../events/payload.ts";
import type { HookEntry } from "../registry/types.ts";
import { EventRun } from "./event_run.ts";
import type { RunnerCore } from "./invoke.ts";
import type { Active, Plan } from "./plan.ts";

interface Pending {
  next: HookInput | null;
}

/** The background runs of one runner. */
export class BackgroundHooks {
  #core: RunnerCore;
  #running = new Map<HookEntry, Pending>();
  #runs = new Set<Promise<void>>();

  constructor(core: RunnerCore) {
    this.#core = core;
  }

  /** Starts `active` on `payload`, or queues the payload if it is running. */
  start(plan: Plan, active: Active, payload: HookInput): void {
    const entry = active.entry;
    const pending = this.#running.get(entry);
    if (pending !== undefined) {
      pending.next = payload;
      return;
    }
    const fresh: Pending = { next: null };
    this.#running.set(entry, fresh);
    const core = this.#core;
    const loop = async () => {
      let next: HookInput | null = payload;
      while (next !== null) {
        const current: HookInput = next;
        fresh.next = null;
        await new EventRun(core, plan, [active], current, { cwd: current.cwd }).start();
        next = fresh.next;
      }
      this.#running.delete(entry);
    };
    const run = loop();
    this.#runs.add(run);
    run.finally(() => this.#runs.delete(run));
  }

  /** Resolves when nothing runs in the background any more. */
  async idle(): Promise<void> {
    while (this.#runs.size > 0) await Promise.all(this.#runs);
  }
}
