// A `Bash(…)` specifier as a test of one simple command's known words,
// joined by one space — as src/matchers/tool_rule.ts reads it for a hook's
// `if` — so that the policy parses a call's line once and tests every rule
// against that one parse, rather than each rule parsing the line again.

/** The Bash input fields a `Bash(name:value)` specifier reads (anything else is a command prefix). */
const BASH_FIELDS = new Set(["command", "timeout", "description", "run_in_background", "dangerouslyDisableSandbox"]);
const RULE = /^Bash\(([\s\S]*)\)$/;
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*):([\s\S]*)$/;

/** The test of a `Bash(specifier)` rule's command pattern; `undefined` for any other rule (or a field specifier). */
export function bashCommandPattern(rule: string): ((command: string) => boolean) | undefined {
  const specifier = RULE.exec(rule.trim())?.[1]?.trim();
  if (specifier === undefined || specifier === "" || specifier === "*") return undefined;
  const field = FIELD.exec(specifier);
  if (field !== null && BASH_FIELDS.has(field[1]!)) return undefined;
  const pattern = specifier.replace(/\s+/g, " ");
  if (pattern.endsWith(":*") && !pattern.slice(0, -2).includes("*")) {
    const prefix = pattern.slice(0, -2).trimEnd();
    return (command) => command === prefix || command.startsWith(`${prefix} `);
  }
  if (!/(?<!\\)\*/.test(pattern)) {
    const exact = pattern.replaceAll("\\*", "*");
    return (command) => command === exact;
  }
  const regex = wildcard(pattern);
  return (command) => regex.test(command);
}

/** A `*` pattern as an anchored regex; a pattern whose only `*` ends it after a space also matches without it. */
function wildcard(pattern: string): RegExp {
  const stars = pattern.match(/(?<!\\)\*/g)?.length ?? 0;
  if (stars === 1 && pattern.endsWith(" *")) return new RegExp(`^${literal(pattern.slice(0, -2))}(?: .*)?$`, "s");
  return new RegExp(`^${pattern.split(/(?<!\\)\*/).map(literal).join(".*")}$`, "s");
}

function literal(text: string): string {
  return text.replaceAll("\\*", "*").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
