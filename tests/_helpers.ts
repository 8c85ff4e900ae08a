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
