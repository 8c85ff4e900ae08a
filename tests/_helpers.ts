// Helpers shared by the tests.

import type { HookInvocationRecord, Logger } from "../mod.ts";

/** A logger that keeps every message, by level. */
export function memoryLogger(): Logger & {
  warnings: string[];
  infos: string[];
  errors: string[];
} {
  const warnings: string[] = [];
  const infos: string[] = [];
  const errors: string[] = [];
  return {
    warnings,
    infos,
    errors,
    warn: (message) => warnings.push(message),
    info: (message) => infos.push(message),
    error: (message) => errors.push(message),
  };
}

/** A trace collector for `onInvocation`. */
export function trace(): {
  records: HookInvocationRecord[];
  onInvocation: (r: HookInvocationRecord) => void;
} {
  const records: HookInvocationRecord[] = [];
  return { records, onInvocation: (record) => records.push(record) };
}

/** Resolves after `ms`, or rejects with the signal's reason when it fires. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Resolves when the signal fires, with its reason. */
export function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else {signal.addEventListener("abort", () => resolve(signal.reason), {
        once: true,
      });}
  });
}

/**
 * Whether any live (non-zombie) process is left in process group `pgid`.
 * Zombies do not count: they are dead, merely not yet reaped by their new
 * parent (in containers PID 1 often never reaps).
 */
export async function groupAlive(pgid: number | null): Promise<boolean> {
  if (pgid === null) return false;
  // A process sent SIGKILL a moment ago may not have died yet on a loaded
  // machine: look again for up to a second before calling it left running.
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!(await groupListed(pgid))) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function groupListed(pgid: number): Promise<boolean> {
  const { stdout } = await new Deno.Command("ps", {
    args: ["-eo", "pgid=,stat="],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(stdout).split("\n").some((line) => {
    const [group, stat] = line.trim().split(/\s+/);
    return group === String(pgid) && stat !== undefined &&
      !stat.startsWith("Z");
  });
}

/**
 * Wire answers every transport must read the same way, with the outcome
 * each normalizes to (command stdout, HTTP bodies).
 */
export const WIRE_OUTCOMES: readonly [string, unknown][] = [
  [`{"action":"allow"}`, { action: "allow" }],
  [`{"action":"deny","reason":"no"}`, { action: "deny", reason: "no" }],
  [`{"action":"mutate","input":{"command":"ls -la"}}`, { action: "mutate", input: { command: "ls -la" } }],
  [`{"decision":"block","reason":"legacy"}`, { action: "deny", reason: "legacy" }],
  [`{"modifiedInput":{"a":1}}`, { action: "mutate", input: { a: 1 } }],
  [`{"continue":false,"reason":"wuu"}`, { action: "deny", reason: "wuu" }],
  [`{"additionalContext":"ctx"}`, { action: "allow", additionalContext: "ctx" }],
  [`  {"action":"allow"}  `, { action: "allow" }],
];
