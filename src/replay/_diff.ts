// A compact, one-line diff of a tool input: changed, added and removed
// top-level keys, values shortened.

const MAX_VALUE = 60;

/** `command: "rm -rf /" → "rm -rf ./build", +timeout: 30000, -force` */
export function inputDiff(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = Object.hasOwn(before, key);
    const is = Object.hasOwn(after, key);
    if (was && !is) parts.push(`-${key}`);
    else if (!was && is) parts.push(`+${key}: ${short(after[key])}`);
    else if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      parts.push(`${key}: ${short(before[key])} → ${short(after[key])}`);
    }
  }
  return parts.length === 0 ? "the same input (reordered keys)" : parts.join(", ");
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_VALUE ? text : `${text.slice(0, MAX_VALUE - 1)}…`;
}
