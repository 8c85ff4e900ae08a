import { deepEqual, equal, ok } from "node:assert/strict";
import { z } from "zod";
import { MAX_OUTPUT_BYTES, MAX_TIMEOUT_MS } from "../../src/_internal/limits.ts";
import { accepts, type ObjectShape } from "../../src/_internal/shape.ts";
import { zodOf } from "../../src/_internal/shape_zod.ts";
import { MODEL_ENDPOINT, NATIVE_TOP } from "../../src/config/_schema.ts";
import { CLAUDE_GROUP, CLAUDE_HANDLER } from "../../src/dialects/claude/config.ts";
import { NATIVE_ENTRY } from "../../src/dialects/native/config.ts";
import { WUU_ENTRY } from "../../src/dialects/wuu/config.ts";

// The classic zod schemas the configuration was checked with before it was
// described as shapes: the shapes must mean exactly these, issue for issue.
const stringList = z.array(z.string());
const stringMap = z.record(z.string(), z.string());
const REFERENCE = new Map<ObjectShape, z.ZodType>([
  [
    NATIVE_ENTRY,
    z.strictObject({
      name: z.string().min(1).optional(),
      matcher: z.string().optional(),
      toolRule: z.string().optional(),
      stage: z.enum(["mutate", "validate"]).optional(),
      type: z.enum(["command", "http", "prompt"]).optional(),
      command: z.string().min(1).optional(),
      args: stringList.optional(),
      env: stringMap.optional(),
      passEnv: stringList.optional(),
      url: z.string().min(1).optional(),
      headers: stringMap.optional(),
      allowedEnvVars: stringList.optional(),
      allowMetadataHosts: z.boolean().optional(),
      prompt: z.string().min(1).optional(),
      model: z.string().min(1).optional(),
      timeoutMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
      failurePolicy: z.enum(["open", "closed"]).optional(),
      policy: z.boolean().optional(),
      background: z.boolean().optional(),
      maxOutputBytes: z.number().int().min(1).max(MAX_OUTPUT_BYTES).optional(),
      dialect: z.enum(["native", "wuu", "claude"]).optional(),
    }),
  ],
  [
    WUU_ENTRY,
    z.strictObject({
      matcher: z.string().optional(),
      type: z.enum(["command", "prompt"]).optional(),
      command: z.string().min(1).optional(),
      prompt: z.string().min(1).optional(),
      model: z.string().min(1).optional(),
      timeout: z.number().optional(),
    }),
  ],
  [CLAUDE_GROUP, z.strictObject({ matcher: z.string().optional(), hooks: z.array(z.unknown()) })],
  [
    CLAUDE_HANDLER,
    // Loose: a key hookgate does not know is a warning, not an error (Claude's plugins add some).
    z.object({
      type: z.enum(["command", "http", "prompt", "mcp_tool", "agent"]).optional(),
      command: z.string().min(1).optional(),
      args: z.array(z.string()).optional(),
      shell: z.enum(["bash", "powershell"]).optional(),
      async: z.boolean().optional(),
      asyncRewake: z.boolean().optional(),
      url: z.string().min(1).optional(),
      headers: z.record(z.string(), z.string()).optional(),
      allowedEnvVars: z.array(z.string()).optional(),
      prompt: z.string().min(1).optional(),
      model: z.string().min(1).optional(),
      continueOnBlock: z.boolean().optional(),
      timeout: z.number().positive().optional(),
      statusMessage: z.string().optional(),
      once: z.boolean().optional(),
      if: z.string().optional(),
      server: z.string().optional(),
      tool: z.string().optional(),
      input: z.unknown().optional(),
    }),
  ],
  [
    MODEL_ENDPOINT,
    z.strictObject({
      provider: z.enum(["openai", "anthropic"]),
      baseUrl: z.string().min(1).optional(),
      model: z.string().min(1),
      apiKeyEnv: z.string().min(1).optional(),
      maxOutputBytes: z.number().int().min(1).max(MAX_OUTPUT_BYTES).optional(),
    }),
  ],
  [
    NATIVE_TOP,
    z.object({
      $schema: z.string().optional(),
      dialect: z.string().optional(),
      hooks: z.unknown().optional(),
      models: z.unknown().optional(),
      commandAllowlist: stringList.optional(),
      httpAllowedUrls: stringList.optional(),
      extensions: z.array(z.string().min(1)).optional(),
      claudePlugins: z.array(z.string().min(1)).optional(),
      hookGrants: z.enum(["forward", "refuse"]).optional(),
      sanitizeEnv: z.boolean().optional(),
      managedOnly: z.boolean().optional(),
      rules: z.unknown().optional(),
    }),
  ],
]);

/** JSON values around every boundary the shapes draw. */
const POOL: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  0.001,
  599.5,
  MAX_TIMEOUT_MS,
  MAX_TIMEOUT_MS + 1,
  MAX_OUTPUT_BYTES,
  MAX_OUTPUT_BYTES + 1,
  2 ** 53,
  1e400,
  "",
  "x",
  "open",
  "mutate",
  "prompt",
  "http",
  "openai",
  "bash",
  "a\0b",
  [],
  [""],
  ["a", "b"],
  [1],
  ["a", null],
  {},
  { a: "b" },
  { a: 1 },
  { a: "b", c: ["d"] },
];

/** A valid value for the shape (the first pool value each field accepts). */
function sample(shape: ObjectShape): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape.fields)) {
    const fits = POOL.find((item) => accepts(field.shape, item));
    if (fits !== undefined) value[key] = fits;
  }
  return value;
}

/** Whole values, then every field missing or replaced by each pool value, then unknown keys. */
function corpus(shape: ObjectShape): unknown[] {
  const base = sample(shape);
  const values: unknown[] = [base, {}, ...POOL];
  for (const key of Object.keys(shape.fields)) {
    const { [key]: _, ...without } = base;
    values.push(without);
    for (const item of POOL) values.push({ ...base, [key]: item }, { [key]: item });
  }
  values.push({ ...base, timeoutMS: 1 }, { ...base, unknown: "x", other: 2 });
  // Through JSON, as a configuration file is read: -0 and 1e400 become what JSON makes of them.
  return values.map((value) => JSON.parse(JSON.stringify(value) ?? "null"));
}

Deno.test("accepts() says yes exactly where the zod schema of a shape does", async (t) => {
  for (const [shape, reference] of REFERENCE) {
    await t.step(Object.keys(shape.fields).slice(0, 3).join(", "), () => {
      let accepted = 0;
      for (const value of corpus(shape)) {
        const valid = zodOf(shape).safeParse(value).success;
        equal(accepts(shape, value), valid, JSON.stringify(value));
        equal(reference.safeParse(value).success, valid, JSON.stringify(value));
        if (valid) accepted++;
      }
      // The corpus reaches both sides.
      ok(accepted > 5, `${accepted} accepted`);
    });
  }
});

Deno.test("zodOf() reports the same issues as the classic zod schemas it replaced", async (t) => {
  for (const [shape, reference] of REFERENCE) {
    await t.step(Object.keys(shape.fields).slice(0, 3).join(", "), () => {
      for (const value of corpus(shape)) {
        deepEqual(
          zodOf(shape).safeParse(value).error?.issues,
          reference.safeParse(value).error?.issues,
          JSON.stringify(value),
        );
      }
    });
  }
});

Deno.test("accepts() leaves an own __proto__ key to zod, whatever the shape", () => {
  const value = JSON.parse('{"__proto__": {"a": "b"}, "command": "true"}');
  equal(accepts(NATIVE_ENTRY, value), false);
  equal(accepts(NATIVE_ENTRY, JSON.parse('{"command": "true", "env": {"__proto__": "x"}}')), false);
  equal(accepts(NATIVE_ENTRY, { command: "true", env: { A: "x" } }), true);
});

Deno.test("zodOf() words issues in English even where classic zod is never loaded", async () => {
  // A process of its own: a test process has classic zod loaded, which sets English itself.
  const shape = new URL("../../src/_internal/shape.ts", import.meta.url).href;
  const zod = new URL("../../src/_internal/shape_zod.ts", import.meta.url).href;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { string } from "${shape}"; import { zodOf } from "${zod}";
       console.log(zodOf(string(1)).safeParse("").error.issues[0].message);`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  equal(new TextDecoder().decode(stdout).trim(), "Too small: expected string to have >=1 characters");
});
