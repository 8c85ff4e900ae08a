// Brace expansion as bash does it before anything else: `{rm,-rf,x}` is
// three words, `a{b,c}d` two, `{1..3}` and `{a..c}` sequences. Capped: a
// line that would expand to more words than a guard could ever need is cut
// at the cap (the caller marks it).

/** The most words one brace expression may expand to. */
export const MAX_BRACE_WORDS = 256;

/** The words `text` expands to (itself when it holds no brace expression). */
export function expandBraces(text: string): string[] {
  const out: string[] = [];
  expandInto(text, out);
  return out;
}

function expandInto(text: string, out: string[]): void {
  if (out.length >= MAX_BRACE_WORDS) return;
  const open = findOpen(text);
  if (open === null) {
    out.push(text);
    return;
  }
  const { start, end, alternatives } = open;
  const before = text.slice(0, start);
  const after = text.slice(end + 1);
  for (const alternative of alternatives) expandInto(before + alternative + after, out);
}

/** The first brace expression of `text`: `{a,b}` (at least one top-level comma) or a sequence. */
function findOpen(text: string): { start: number; end: number; alternatives: string[] } | null {
  for (let start = 0; start < text.length; start++) {
    const c = text[start];
    if (c === "\\") {
      start++;
      continue;
    }
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, start + 1);
      if (close === -1) return null;
      start = close;
      continue;
    }
    if (c !== "{" || text[start - 1] === "$") continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < text.length; i++) {
      const d = text[i];
      if (d === "\\") i++;
      else if (d === "'" || d === '"') {
        const close = text.indexOf(d, i + 1);
        if (close === -1) break;
        i = close;
      } else if (d === "{") depth++;
      else if (d === "," && depth === 1) commas.push(i);
      else if (d === "}" && --depth === 0) {
        const inner = text.slice(start + 1, i);
        if (commas.length > 0) {
          const alternatives: string[] = [];
          let from = start + 1;
          for (const comma of [...commas, i]) {
            alternatives.push(text.slice(from, comma));
            from = comma + 1;
          }
          return { start, end: i, alternatives };
        }
        const sequence = sequenceOf(inner);
        if (sequence !== null) return { start, end: i, alternatives: sequence };
        break;
      }
    }
  }
  return null;
}

/** `1..5`, `5..1..2`, `a..e`: the sequence, or `null` when `inner` is none. */
function sequenceOf(inner: string): string[] | null {
  const numbers = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(inner);
  if (numbers !== null) {
    const from = Number(numbers[1]);
    const to = Number(numbers[2]);
    const step = Math.abs(Number(numbers[3] ?? 1)) || 1;
    const out: string[] = [];
    for (let n = from; from <= to ? n <= to : n >= to; n += from <= to ? step : -step) {
      out.push(String(n));
      if (out.length >= MAX_BRACE_WORDS) break;
    }
    return out;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(inner);
  if (letters !== null) {
    const from = letters[1]!.charCodeAt(0);
    const to = letters[2]!.charCodeAt(0);
    const out: string[] = [];
    for (let n = from; from <= to ? n <= to : n >= to; n += from <= to ? 1 : -1) out.push(String.fromCharCode(n));
    return out;
  }
  return null;
}
