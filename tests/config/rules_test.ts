// The `rules` key of a configuration layer: read in every layer hookgate
// reads (user, project, --config), an untrusted project's rules marked so
// that only its deny and ask rules apply, and every broken rule an error
// naming the file, the place and the fix that breaks the layer, which then
// denies the gating events.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, formatDiagnostic, readRules } from "../../mod.ts";

async function withLayers(
  files: { user?: string; project?: string; explicit?: string },
  fn: (dirs: { home: string; root: string; explicit: string }) => Promise<void>,
): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-rules-" }));
  const home = join(base, "hookgate");
  const root = join(base, "project");
  const explicit = join(base, "extra.jsonc");
  await Deno.mkdir(home, { recursive: true });
  await Deno.mkdir(join(root, ".hookgate"), { recursive: true });
  if (files.user !== undefined) await Deno.writeTextFile(join(home, "config.jsonc"), files.user);
  if (files.project !== undefined) await Deno.writeTextFile(join(root, ".hookgate", "config.jsonc"), files.project);
  if (files.explicit !== undefined) await Deno.writeTextFile(explicit, files.explicit);
  try {
    await fn({ home, root, explicit });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

function assertDeniesGating(placeholders: readonly { event: string; covers?: string; failurePolicy?: string }[]) {
  const events = placeholders.map((p) => p.event);
  ok(["PreToolUse", "PermissionRequest", "UserPromptSubmit"].every((e) => events.includes(e)), events.join());
  ok(placeholders.every((p) => p.covers === "file" && p.failurePolicy === "closed"));
}

const load = (
  dirs: { home: string; root: string; explicit: string },
  options: { trust?: "all"; paths?: string[] } = {},
) => checkConfig({ home: dirs.home, agentHome: join(dirs.home, "none"), projectRoot: dirs.root, ...options });

Deno.test("checkConfig() reads the rules of the user, project and --config layers, in that order", async () => {
  await withLayers({
    user: '{"rules": {"deny": ["Bash(rm *)"]}}',
    project: '{"rules": {"ask": ["Bash(git push *)"], "allow": ["Bash(npm test)"]}}',
    explicit: '{"rules": {"allow": ["Read"]}}',
  }, async (dirs) => {
    const config = await load(dirs, { trust: "all", paths: [dirs.explicit] });
    equal(config.ok, true, config.diagnostics.map(formatDiagnostic).join("\n"));
    deepEqual(config.rules, [
      { kind: "user", path: join(dirs.home, "config.jsonc"), rules: { deny: ["Bash(rm *)"] } },
      {
        kind: "project",
        path: join(dirs.root, ".hookgate", "config.jsonc"),
        rules: { ask: ["Bash(git push *)"], allow: ["Bash(npm test)"] },
      },
      { kind: "explicit", path: dirs.explicit, rules: { allow: ["Read"] } },
    ]);
  });
});

Deno.test("checkConfig() marks an untrusted project's rules, whose allow rules then do not apply", async () => {
  await withLayers({ project: '{"rules": {"deny": ["Bash(rm *)"], "allow": ["Bash(npm test)"]}}' }, async (dirs) => {
    const config = await load(dirs);
    equal(config.project?.trusted, false);
    deepEqual(config.rules?.map((layer) => [layer.kind, layer.trusted]), [["project", false]]);
  });
});

Deno.test("checkConfig() has no rules when no layer has any", async () => {
  await withLayers({ user: '{"hooks": {}}' }, async (dirs) => {
    equal((await load(dirs)).rules, undefined);
  });
});

Deno.test("checkConfig() fails closed on a broken rule: the error names the file, line and fix, and the layer denies", async (t) => {
  const cases: [string, string, RegExp][] = [
    [
      "an unknown key",
      '{"rules": {"deny": [], "alow": ["Bash(ls)"]}}',
      /config\.jsonc:1:\d+: error: unknown key "alow" in "rules" \(did you mean "allow"\?\)/,
    ],
    ["an unknown set", '{"rules": {"sets": ["destructve"]}}', /unknown rule set "destructve"/],
    ["a set that is no string", '{"rules": {"sets": [3]}}', /a rule set is named by a string, got number 3/],
    [
      "sets that are no list",
      '{"rules": {"sets": "destructive"}}',
      /"sets" must be a list of rule set names, got the string "destructive"/,
    ],
    [
      "a list that is no list",
      '{"rules": {"deny": "Bash(rm *)"}}',
      /"deny" must be a list of rules, got the string "Bash\(rm \*\)" \("deny": \["Bash\(git push \*\)"\]\)/,
    ],
    [
      "rules that are no object",
      '{"rules": ["Bash(rm *)"]}',
      /"rules" must be an object of "deny", "ask" and "allow" lists, got a list/,
    ],
    [
      "an unclosed rule",
      '{"rules": {"deny": ["Bash(rm *"]}}',
      /Cannot read rule "Bash\(rm \*" in rules\.deny\[0\]: "Bash\(rm \*" is not one permission rule/,
    ],
    [
      "a combined rule",
      '{"rules": {"ask": ["Bash(a) && Bash(b)"]}}',
      /in rules\.ask\[0\]: .*combines rules with && or \|\|/,
    ],
    ["an empty rule", '{"rules": {"allow": [""]}}', /Cannot read rule "" in rules\.allow\[0\]: the rule is empty/],
    [
      "a rule that is a number",
      '{"rules": {"deny": [7]}}',
      /Cannot read the rule in rules\.deny\[0\]: a rule is a string such as "Bash\(rm \*\)" or a command rule object, got number 7/,
    ],
    ["a broken structured rule", '{"rules": {"deny": [{"command": "git", "flags": 3}]}}', /rules\.deny\[0\].*"flags"/],
  ];
  for (const [what, text, message] of cases) {
    await t.step(what, async () => {
      await withLayers({ user: text }, async (dirs) => {
        const config = await load(dirs);
        equal(config.ok, false);
        const errors = config.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
        ok(errors.some((line) => message.test(line)), errors.join("\n"));
        ok(errors.every((line) => line.includes(join(dirs.home, "config.jsonc"))), errors.join("\n"));
        equal(config.rules, undefined);
        // The file stands for what it might have denied: every gating event.
        assertDeniesGating(config.placeholders ?? []);
      });
    });
  }
});

Deno.test("checkConfig() warns about a rule whose specifier it cannot evaluate, and keeps the layer", async () => {
  await withLayers({ user: '{"rules": {"deny": ["WebSearch(cats)"], "allow": ["WebSearch(dogs)"]}}' }, async (dirs) => {
    const config = await load(dirs);
    equal(config.ok, true);
    const warnings = config.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);
    deepEqual(warnings, [
      'rule "WebSearch(cats)" in rules.deny[0] denies every call of its tool: hookgate cannot evaluate its specifier',
      'rule "WebSearch(dogs)" in rules.allow[0] never allows a call: hookgate cannot evaluate its specifier',
    ]);
  });
});

Deno.test("checkConfig() fails closed on an untrusted project's broken rules, and ignores its other errors as before", async () => {
  await withLayers({ project: '{"rules": {"deny": ["Bash(rm *"]}}' }, async (dirs) => {
    const config = await load(dirs);
    equal(config.project?.trusted, false);
    equal(config.ok, false);
    assertDeniesGating(config.placeholders ?? []);
  });
  await withLayers({ project: '{"hooks": {"PreToolUse": "nope"}}' }, async (dirs) => {
    equal(((await load(dirs)).placeholders ?? []).length, 0);
  });
});

Deno.test("readRules() places each problem from the file's top", () => {
  const read = readRules({ deny: ["Bash(rm *)", 5], sets: ["nope"] });
  deepEqual(read.problems.map((p) => p.path), [["rules", "sets", 0], ["rules", "deny", 1]]);
  match(read.problems[0]!.hint!, /ships|shipped/);
});
