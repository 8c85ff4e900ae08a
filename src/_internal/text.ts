// Small text helpers shared inside src/.

import { MAX_REASON_CHARS } from "./limits.ts";

/**
 * Cuts `text` to at most `max` UTF-16 code units, ending with "…" when cut,
 * without splitting a surrogate pair.
 */
export function truncate(text: string, max: number = MAX_REASON_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + "…";
}

/**
 * The candidate closest to `input` by edit distance (case-insensitive), if
 * it is close enough to be a plausible typo, or one that `input` is a prefix
 * of (or that is a prefix of `input`).
 */
export function closest(
  input: string,
  candidates: readonly string[],
): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(needle.length / 3));
  if (bestDistance <= limit) return best;
  // A truncated or extended name ("apiKey" for "apiKeyEnv") is a plausible slip too.
  if (needle.length >= 3) {
    for (const candidate of candidates) {
      const lower = candidate.toLowerCase();
      if (lower.startsWith(needle) || needle.startsWith(lower)) return candidate;
    }
  }
  return undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + cost,
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A number of seconds for people: "4 d", "1 h 23 min", "15 min", "2 min 5 s". */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return hours % 24 === 0 ? `${hours / 24} d` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
  if (hours >= 1) return `${hours} h ${minutes % 60} min`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
