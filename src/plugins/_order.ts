// The setup order of a batch: a topological sort of `dependsOn` and
// `optionalDeps`. Among plugins whose dependencies are all set up, the one
// given first goes first (Kahn's algorithm with the input position as the
// tie-break), so a batch without dependencies keeps its order exactly.
// Plugins already installed satisfy dependencies and take no part in the sort.

import type { CheckedPlugin } from "./_check.ts";

/**
 * The batch in setup order.
 *
 * @throws {TypeError} When a required dependency is neither installed nor
 * in the batch, or dependencies form a cycle; nothing has been set up then.
 */
export function installOrder(batch: readonly CheckedPlugin[], installed: ReadonlySet<string>): CheckedPlugin[] {
  const inBatch = new Set(batch.map((plugin) => plugin.name));
  const missing: string[] = [];
  for (const plugin of batch) {
    for (const dependency of plugin.dependsOn) {
      if (!inBatch.has(dependency) && !installed.has(dependency)) {
        missing.push(`"${plugin.name}" depends on "${dependency}", which is neither installed nor being installed`);
      }
    }
  }
  if (missing.length > 0) throw new TypeError(`Cannot install plugins: ${missing.join("; ")}`);

  // Only dependencies inside the batch order anything; an optional one that
  // is absent is simply not waited for.
  const waitsFor = new Map(batch.map((plugin) => [
    plugin.name,
    [...plugin.dependsOn, ...plugin.optionalDeps].filter((name) => inBatch.has(name)),
  ]));
  const placed = new Set<string>();
  const order: CheckedPlugin[] = [];
  while (order.length < batch.length) {
    const next = batch.find((plugin) =>
      !placed.has(plugin.name) && waitsFor.get(plugin.name)!.every((name) => placed.has(name))
    );
    if (next === undefined) {
      const cycle = findCycle(batch.filter((plugin) => !placed.has(plugin.name)), waitsFor, placed);
      throw new TypeError(`Cannot install plugins: dependency cycle ${cycle.map((name) => `"${name}"`).join(" → ")}`);
    }
    placed.add(next.name);
    order.push(next);
  }
  return order;
}

// Every unplaced plugin waits for another unplaced one, so following the
// first such dependency from any of them must come back to a plugin already
// on the path: that stretch is a cycle.
function findCycle(
  left: readonly CheckedPlugin[],
  waitsFor: ReadonlyMap<string, readonly string[]>,
  placed: ReadonlySet<string>,
): string[] {
  const path: string[] = [];
  let current = left[0]!.name;
  while (!path.includes(current)) {
    path.push(current);
    current = waitsFor.get(current)!.find((name) => !placed.has(name))!;
  }
  return [...path.slice(path.indexOf(current)), current];
}
