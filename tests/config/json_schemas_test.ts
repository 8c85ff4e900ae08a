// The published JSON Schemas: in sync with the shapes the code checks
// configuration with, accepting every shipped example, refusing what
// hook-run check refuses.

import { deepEqual, notDeepEqual } from "node:assert/strict";
import { parse } from "jsonc-parser";
import { CONFIG_SCHEMA_KINDS, configJsonSchema, type ConfigSchemaKind } from "../../src/config/mod.ts";
import { validate } from "../_json_schema.ts";

const root = new URL("../../", import.meta.url);
const read = async (path: string) => parse(await Deno.readTextFile(new URL(path, root)));

Deno.test("schema/*.schema.json are what the configuration's shapes generate (deno task schema writes them)", async () => {
  for (const kind of CONFIG_SCHEMA_KINDS) {
    deepEqual(await read(`schema/${kind}.schema.json`), configJsonSchema(kind), `schema/${kind}.schema.json`);
  }
});

Deno.test("the published schemas accept every shipped example, and the examples point at them", async (t) => {
  const examples: [string, ConfigSchemaKind][] = [
    ["examples/hooks.jsonc", "hookgate"],
    ["examples/prompt_hooks.jsonc", "hookgate"],
    ["examples/wuu_hooks.json", "hookgate"],
    ["examples/http_policy/hooks.jsonc", "hookgate"],
    ["examples/claude/settings.json", "claude-settings"],
    ["examples/claude/settings_http.json", "claude-settings"],
  ];
  for (const [path, kind] of examples) {
    await t.step(path, async () => {
      const file = await read(path);
      deepEqual(validate(configJsonSchema(kind), file), []);
      const depth = path.split("/").length - 1;
      deepEqual(file.$schema, `${"../".repeat(depth)}schema/${kind}.schema.json`);
    });
  }
});

Deno.test("the hookgate schema refuses what hook-run check refuses", async (t) => {
  const schema = configJsonSchema("hookgate");
  const cases: [string, unknown][] = [
    ["a deadline above 10 minutes", { hooks: { Stop: [{ command: "true", timeoutMs: 900000 }] } }],
    ["an unknown entry key", { dialect: "native", hooks: { Stop: [{ command: "true", timout: 5 }] } }],
    ["an unknown event", { dialect: "native", hooks: { Stopp: [{ command: "true" }] } }],
    ["a Wuu entry with a native key", { dialect: "wuu", hooks: { Stop: [{ command: "true", timeoutMs: 5 }] } }],
    ["a bad failure policy", { hooks: { PreToolUse: [{ command: "true", failurePolicy: "sometimes" }] } }],
    ["an unknown key in rules", { rules: { alow: ["Bash(ls)"] } }],
    ["a rule list that is no list", { rules: { deny: "Bash(rm *)" } }],
    ["an empty rule", { rules: { deny: [""] } }],
    ["a rule that is a number", { rules: { ask: [3] } }],
  ];
  for (const [label, value] of cases) {
    await t.step(label, () => notDeepEqual(validate(schema, value), []));
  }
  await t.step("and accepts permission rules and command rules", () => {
    deepEqual(
      validate(schema, {
        rules: {
          deny: ["Bash(rm *)", { id: "force-push", command: "git", subcommand: "push", flags: ["--force"] }],
          ask: [],
          allow: ["Bash(npm test)"],
        },
      }),
      [],
    );
  });
  await t.step("and accepts a Claude-shaped file that says its dialect", () => {
    deepEqual(
      validate(schema, {
        dialect: "claude",
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "x", timeout: 5 }] }] },
      }),
      [],
    );
  });
});
