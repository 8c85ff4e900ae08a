import { deepEqual, equal, ok } from "node:assert/strict";
import { check } from "../../src/config/_check.ts";
import { readJsonc } from "../../src/config/_jsonc.ts";
import { ConfigParser } from "../../src/config/_parser.ts";
import { parsePlainConfig, plainJsoncValue } from "../../src/config/_plain.ts";
import type { ParsedHooksConfig, ParseHooksConfigOptions } from "../../src/config/parse.ts";

/** The full read, with jsonc-parser's places and zod's words, whatever the file. */
function fullParse(text: string, options: ParseHooksConfigOptions): ParsedHooksConfig {
  return new ConfigParser(readJsonc(text, options.path), options, check).run(text.trim() === "");
}

/** A parse result without its method, for comparison. */
function data(parsed: ParsedHooksConfig): unknown {
  const { assertOk: _, ...rest } = parsed;
  return rest;
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

const JSONC = [
  "{}",
  "[]",
  '"text"',
  "0",
  "-0",
  "1.5e3",
  "true",
  "null",
  '{"a": 1}',
  '{"a": [1, 2, {"b": null}], "c": "d"}',
  '{\n  // a comment\n  "a": 1, /* another */ "b": [1, 2,],\n}',
  '{"a": "// not a comment", "b": "/* nor this */"}',
  '{"a": "quote \\" and backslash \\\\", "b": "\\u00e9\\n"}',
  '\ufeff{"bom": true}',
  '{"a": 1} // trailing comment',
  '{"a": 1}\r\n// CRLF comment\r\n',
  '// only\n{"a": 1}',
  '{"a": 1,}',
  "[1,]",
  '{"a": [1, 2, ], }',
  "[1, /* c */ ]",
  '{"a": 1, // c\n}',
  '{"a": 1 /* , */}',
  '{"a": "\u2028"}',
  '{"a": 1, "a": 2}',
  '{"__proto__": {"a": 1}}',
  '{"x": {"__proto__": 1}}',
  "[,]",
  "{,}",
  "[1,,]",
  '{"a":,}',
  '{"a",}',
  "[1 2]",
  "1/**/2",
  "tr/**/ue",
  "/* unterminated",
  '{"a": 1} /* unterminated',
  '{"a": "unterminated}',
  '{"a": "raw\nnewline"}',
  '{"a": "tab\there"}',
  '{"a":\v1}',
  '{"a": 01}',
  '{"a": .5}',
  "{'a': 1}",
  '{"a": 1}}',
  '{"a": 1},',
  "",
  "   ",
  "// nothing else",
  "/",
  `${"[".repeat(64)}${"]".repeat(64)}`,
  `${"[".repeat(65)}${"]".repeat(65)}`,
];

/** Texts the quick reader must take: it is used for the JSONC people write. */
const PLAIN = JSONC.slice(0, 25);

function agrees(text: string): void {
  const value = plainJsoncValue(text);
  if (value === undefined) return;
  const full = readJsonc(text, "f.jsonc");
  deepEqual(full.errors, [], JSON.stringify(text));
  deepEqual(value, full.value, JSON.stringify(text));
}

Deno.test("plainJsoncValue() reads a text only as jsonc-parser does, with nothing to report", async (t) => {
  await t.step("chosen texts", () => {
    for (const text of JSONC) agrees(text);
    for (const text of PLAIN) ok(plainJsoncValue(text) !== undefined, JSON.stringify(text));
  });
  await t.step("what jsonc-parser reads differently or reports is left to it", () => {
    for (const text of ['{"__proto__": {"a": 1}}', '{"x": {"__proto__": 1}}', "", "   ", "// nothing else"]) {
      equal(plainJsoncValue(text), undefined, JSON.stringify(text));
    }
    equal(plainJsoncValue(`${"[".repeat(65)}${"]".repeat(65)}`), undefined);
  });
  await t.step("thousands of one-character edits of valid texts", () => {
    const next = random(7);
    const alphabet = ['"', ",", "/", "*", "[", "]", "{", "}", ":", " ", "\n", "\\", "1", "a", "\t"];
    let read = 0;
    for (let i = 0; i < 4000; i++) {
      const source = PLAIN[Math.floor(next() * PLAIN.length)]!;
      const at = Math.floor(next() * (source.length + 1));
      const edit = next();
      const char = alphabet[Math.floor(next() * alphabet.length)]!;
      const text = edit < 0.4
        ? source.slice(0, at) + char + source.slice(at)
        : edit < 0.7
        ? source.slice(0, at) + source.slice(at + 1)
        : source.slice(0, at) + char + source.slice(at + 1);
      agrees(text);
      if (plainJsoncValue(text) !== undefined) read++;
    }
    // Both sides are reached: many edits stay valid, many do not.
    ok(read > 500 && read < 3500, `${read} of 4000 read quickly`);
  });
});

const EVENTS = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionStart", "Notification", "Bogus"];
const VALUES: unknown[] = [
  null,
  true,
  0,
  1,
  -1,
  2.5,
  3000,
  600_001,
  "",
  "true",
  "bash",
  "edit|write",
  "Bash(*)",
  "mutate",
  "closed",
  "http",
  "prompt",
  "https://policy.example.com/hook",
  "http://169.254.169.254/x",
  "a\0b",
  [],
  ["-c", "true"],
  [1],
  {},
  { A: "b" },
];
const NATIVE_KEYS = [
  "name",
  "matcher",
  "stage",
  "type",
  "command",
  "args",
  "env",
  "url",
  "headers",
  "prompt",
  "model",
  "timeoutMs",
  "failurePolicy",
  "policy",
  "background",
  "maxOutputBytes",
  "timeoutMS",
];

/** Configuration files, clean and not, in every dialect. */
function configs(): string[] {
  const next = random(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const texts: string[] = [];
  for (let i = 0; i < 600; i++) {
    const entry: Record<string, unknown> = next() < 0.7 ? { command: "true" } : {};
    for (let k = Math.floor(next() * 4); k > 0; k--) entry[pick(NATIVE_KEYS)] = pick(VALUES);
    const kind = next();
    const event = next() < 0.8 ? pick(EVENTS.slice(0, 4)) : pick(EVENTS);
    let root: Record<string, unknown>;
    if (kind < 0.5) {
      root = { hooks: { [event]: [entry] } };
      if (next() < 0.2) root.commandAllowlist = pick([["bash"], [1], "bash"]);
      if (next() < 0.2) {
        root.models = pick([
          { fast: { provider: "openai", model: "m" }, default: "fast" },
          { fast: { provider: "other", model: "m" } },
          { default: "none" },
          [],
        ]);
      }
      if (next() < 0.1) root.extensions = pick([["./x.ts"], [""], "x"]);
      if (next() < 0.1) root.hookz = {};
    } else if (kind < 0.75) {
      const wuu: Record<string, unknown> = { command: "true" };
      for (let k = Math.floor(next() * 3); k > 0; k--) {
        wuu[pick(["matcher", "type", "command", "prompt", "model", "timeout", "timeoutMs"])] = pick(VALUES);
      }
      root = { dialect: "wuu", hooks: { [event]: [wuu] } };
    } else {
      const handler: Record<string, unknown> = { type: "command", command: "true" };
      for (let k = Math.floor(next() * 3); k > 0; k--) {
        handler[pick(["type", "command", "args", "shell", "async", "timeout", "url", "once", "if"])] = pick(VALUES);
      }
      root = {
        permissions: {},
        hooks: { [event]: [{ matcher: pick(["", "Bash", "Edit|Write", "("]), hooks: [handler] }] },
      };
    }
    const json = JSON.stringify(root, null, next() < 0.5 ? 2 : undefined);
    // Some with comments and trailing commas, as people write them.
    texts.push(next() < 0.3 ? `// hooks\n${json.replace(/\}$/, ",}")}` : json);
  }
  return texts;
}

Deno.test("parsePlainConfig() gives the full parse's result for a clean file and leaves every other to it", () => {
  let quick = 0;
  let reported = 0;
  for (const text of configs()) {
    const options = { path: "hooks.jsonc" };
    const full = fullParse(text, options);
    const plain = parsePlainConfig(text, options);
    // Every diagnostic, warnings too, comes from the full parse.
    equal(plain === null, full.diagnostics.length > 0, text);
    if (plain !== null) {
      deepEqual(data(plain), data(full), text);
      quick++;
    } else {
      reported++;
    }
  }
  ok(quick > 100 && reported > 100, `${quick} quick, ${reported} with something to report`);
});

Deno.test("parsePlainConfig() reads the example configurations without jsonc-parser or zod", async () => {
  for (const path of ["examples/hooks.jsonc", "examples/wuu_hooks.json", "examples/prompt_hooks.jsonc"]) {
    const text = await Deno.readTextFile(new URL(`../../${path}`, import.meta.url));
    const plain = parsePlainConfig(text, { path });
    ok(plain !== null, path);
    deepEqual(data(plain), data(fullParse(text, { path })), path);
  }
});
