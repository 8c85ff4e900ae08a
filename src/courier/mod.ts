/**
 * The courier of async hooks: what `hook-run gateway` does with a call's
 * hooks that never hold its answer (Claude Code's `"async": true` and
 * `"asyncRewake": true`). The gateway queues the call for its set-up and
 * starts hook-run again in a session of its own (`--run-async`) unless a
 * courier already serves that queue; the courier runs every queued call's
 * hooks under their deadlines and keeps what they leave for the next call
 * of each call's session, which answers with it. One courier per set-up
 * with calls lately, whatever their sessions; no call is turned away.
 *
 * @module
 */

export { handOff, runCallAsync, serveCourier, sessionSpool } from "./async_hooks.ts";
export { COURIER_IDLE_MS, type QueueReference, queueReference, resumeCourier } from "./courier.ts";
export type { QueuedCall } from "./queue.ts";
export type { AsyncSpool } from "./spool.ts";
