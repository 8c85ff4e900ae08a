// deno-lint-ignore-file no-console
// N guards of d ms on one PreToolUse call, through the runner: how long the
// call takes, as a ratio to one guard, measured side by side in alternating
// rounds of one run (load on the machine hits every subject alike).
//
// Claude-dialect command hooks run at the same time, as Claude runs them,
// and so do native validators that opt in (`concurrent: true`); native
// validators run one after another (the WrongStack chain: a deny stops the
// ones after it), as does the native mutate chain — "N × d", the reference
// here. With --before DIR (an older checkout of this repository, e.g. from
// `git worktree add` or `git archive`), the same hooks also run through
// that checkout's runner, in the same rounds.
//
//   deno run -A bench/concurrency.ts
//   deno run -A bench/concurrency.ts --hooks 3 --ms 200 --rounds 9 --before /tmp/old

import * as current from "../mod.ts";

const arg = (name: string, fallback: number) => {
  const index = Deno.args.indexOf(name);
  return index === -1 ? fallback : Number(Deno.args[index + 1]);
};
const hooks = arg("--hooks", 3);
const ms = arg("--ms", 200);
const rounds = arg("--rounds", 9);
const beforeIndex = Deno.args.indexOf("--before");
const beforeDir = beforeIndex === -1 ? undefined : Deno.args[beforeIndex + 1];

type Library = typeof current;

/**
 * Guard `i`: sleeps, then has no objection (the sleep is the guard's own
 * work). Each command differs: identical Claude handlers run once.
 */
const command = (i: number) => `sleep ${ms / 1000} && : guard-${i}`;
const env = { cwd: Deno.cwd() };

interface Subject {
  name: string;
  /** How many guards it runs. */
  count: number;
  run(): Promise<unknown>;
  close(): Promise<void>;
}

function subject(
  library: Library,
  name: string,
  count: number,
  hook: { dialect?: "claude"; stage: "mutate" | "validate"; concurrent?: boolean },
): Subject {
  const registry = new library.HookRegistry();
  registry.loadShellHooks({
    PreToolUse: Array.from({ length: count }, (_, i) => ({ name: `guard-${i}`, command: command(i), ...hook })),
  });
  const runner = new library.HookRunner({ registry, sessionId: () => "bench" });
  return {
    name,
    count,
    run: () => runner.preToolUse("Bash", { command: "ls" }, env),
    close: () => runner.close(),
  };
}

const claude = { dialect: "claude", stage: "mutate" } as const;
const validator = { stage: "validate" } as const;
const optIn = { stage: "validate", concurrent: true } as const;
const mutator = { stage: "mutate" } as const;
const subjects: Subject[] = [
  subject(current, "Claude-dialect command hooks", 1, claude),
  subject(current, "Claude-dialect command hooks", hooks, claude),
  subject(current, "native validators (command)", 1, validator),
  subject(current, "native validators (command)", hooks, validator),
  subject(current, "native validators (command), concurrent: true", 1, optIn),
  subject(current, "native validators (command), concurrent: true", hooks, optIn),
  subject(current, "native mutate chain (command), one after another", hooks, mutator),
];
if (beforeDir !== undefined) {
  const before = await import(new URL(`file://${beforeDir.replace(/\/$/, "")}/mod.ts`).href) as Library;
  subjects.push(
    subject(before, "Claude-dialect command hooks, older checkout", 1, claude),
    subject(before, "Claude-dialect command hooks, older checkout", hooks, claude),
    subject(before, "native validators (command), older checkout", 1, validator),
    subject(before, "native validators (command), older checkout", hooks, validator),
  );
}

const times = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
for (const s of subjects) await s.run(); // warm up: first spawns, module loads
for (let round = 0; round < rounds; round++) {
  // Alternate the order, so a subject is not always measured first or last.
  const order = round % 2 === 0 ? subjects : [...subjects].reverse();
  for (const s of order) {
    const started = performance.now();
    await s.run();
    times.get(s)!.push(performance.now() - started);
  }
}
for (const s of subjects) await s.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const one = (name: string) => median(times.get(subjects.find((s) => s.name === name && s.count === 1)!)!);
console.log(`${hooks} guards of ${ms} ms on one PreToolUse call, median of ${rounds} rounds\n`);
console.log("| hooks | call (median) | ÷ one guard of the same kind |");
console.log("| ----- | ------------- | ---------------------------- |");
for (const s of subjects) {
  const value = median(times.get(s)!);
  const base = s.name.includes("mutate chain") ? one("native validators (command)") : one(s.name);
  console.log(`| ${s.count} × ${s.name} | ${value.toFixed(0)} ms | ${(value / base).toFixed(2)}× |`);
}
