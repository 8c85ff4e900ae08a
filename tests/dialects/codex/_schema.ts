// Checks an answer against Codex's output schema for its event, as
// transcribed in tests/testdata/codex/output_schemas.json: closed objects,
// types, consts, enums and the schemas' conditional rules.

interface Property {
  type?: string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Property>;
  required?: string[];
}
interface EventSchema {
  root: Record<string, Property>;
  specific: Record<string, Property> | null;
  rules: string[];
}

const SCHEMAS: Record<string, EventSchema> = JSON.parse(
  await Deno.readTextFile(new URL("../../testdata/codex/output_schemas.json", import.meta.url)),
);

/** The events the transcription covers. */
export const SCHEMA_EVENTS: readonly string[] = Object.keys(SCHEMAS).filter((key) => !key.startsWith("$"));

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function property(value: unknown, spec: Property, at: string, problems: string[]): void {
  if ("const" in spec && value !== spec.const) problems.push(`${at} must be ${JSON.stringify(spec.const)}`);
  if (spec.enum !== undefined && !spec.enum.includes(value)) {
    problems.push(`${at} must be one of ${JSON.stringify(spec.enum)}`);
  }
  if (spec.type !== undefined && !spec.type.includes(kind(value))) {
    problems.push(`${at} must be ${spec.type.join("|")}`);
  }
  if (spec.properties !== undefined && kind(value) === "object") {
    closed(value as Record<string, unknown>, spec.properties, at, problems);
    for (const key of spec.required ?? []) {
      if (!Object.hasOwn(value as object, key)) problems.push(`${at}.${key} is required`);
    }
  }
}

function closed(
  object: Record<string, unknown>,
  properties: Record<string, Property>,
  at: string,
  problems: string[],
): void {
  for (const [key, value] of Object.entries(object)) {
    const spec = properties[key];
    if (spec === undefined) problems.push(`${at}.${key} is not in the schema`);
    else property(value, spec, `${at}.${key}`, problems);
  }
}

const nonBlank = (value: unknown) => typeof value === "string" && /\S/.test(value);
const present = (value: unknown) => value !== undefined && value !== null;

/** What makes `answer` invalid output for Codex on `event` (none: valid). */
export function schemaProblems(event: string, answer: Record<string, unknown>): string[] {
  const schema = SCHEMAS[event];
  if (schema === undefined) throw new RangeError(`no transcribed schema for ${event}`);
  const problems: string[] = [];
  const { hookSpecificOutput: specific, ...root } = answer;
  closed(root, schema.root, "", problems);
  let hso: Record<string, unknown> = {};
  if (present(specific)) {
    if (schema.specific === null) problems.push(".hookSpecificOutput is not in the schema");
    else if (kind(specific) !== "object") problems.push(".hookSpecificOutput must be an object");
    else {
      hso = specific as Record<string, unknown>;
      const { hookEventName, ...rest } = hso;
      if (hookEventName !== event) problems.push(`.hookSpecificOutput.hookEventName must be ${event}`);
      closed(rest, schema.specific, ".hookSpecificOutput", problems);
    }
  }
  for (const rule of schema.rules) {
    if (rule === "blockNeedsReason" && root.decision === "block" && !nonBlank(root.reason)) {
      problems.push('decision "block" needs a non-blank reason');
    }
    if (rule === "denyNeedsReason" && hso.permissionDecision === "deny" && !nonBlank(hso.permissionDecisionReason)) {
      problems.push('permissionDecision "deny" needs a non-blank permissionDecisionReason');
    }
    if (rule === "allowNeedsInput" && hso.permissionDecision === "allow" && !present(hso.updatedInput)) {
      problems.push('permissionDecision "allow" needs updatedInput');
    }
    if (rule === "inputNeedsAllow" && present(hso.updatedInput) && hso.permissionDecision !== "allow") {
      problems.push('updatedInput needs permissionDecision "allow"');
    }
    if (
      rule === "permissionReasonNeedsDecision" && present(hso.permissionDecisionReason) &&
      !present(hso.permissionDecision)
    ) {
      problems.push("permissionDecisionReason needs permissionDecision");
    }
  }
  return problems;
}
