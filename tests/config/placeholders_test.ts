// A broken configuration entry affects only itself: the rest of its file
// and of the configuration loads, and the entry becomes a placeholder that
// never runs and, when it was closed or a policy hook, denies on its own
// gating event every call it could have matched.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, formatDiagnostic, HOOK_EVENT_NAMES, HOOK_EVENTS, type PlaceholderHook } from "../../mod.ts";
import { parseHooksConfig } from "../../src/config/mod.ts";

/** The events whose block stops an action before it happens: where a broken guard stands. */
const GATING = HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction);

function parse(text: string, path = "hooks.jsonc") {
  return parseHooksConfig(text, { path });
}

/** What a placeholder says about itself, without the wording of its reason. */
function brief(placeholder: PlaceholderHook) {
  const { event, name, matcher, failurePolicy, policy, line, column, covers } = placeholder;
  return { event, name, matcher, failurePolicy, policy, at: `${line}:${column}`, covers };
}

const BROKEN_NATIVE = `{
  "hooks": {
    "PreToolUse": [
      { "name": "good", "matcher": "bash", "command": "true", "failurePolicy": "closed" },
      { "name": "metadata", "matcher": "web_fetch", "type": "http", "url": "https://169.254.169.254/latest", "failurePolicy": "closed" },
      { "name": "regex", "dialect": "claude", "matcher": "[", "command": "true", "policy": true },
      { "name": "typo", "matcher": "edit", "command": "true", "timeoutMs": 0 }
    ],
    "Stop": [{ "name": "stop", "command": "true" }]
  }
}`;

Deno.test("parseHooksConfig() keeps the good entries of a file with broken ones, and makes each broken one a placeholder", () => {
  const config = parse(BROKEN_NATIVE);
  equal(config.ok, false, "the errors are still errors");
  deepEqual(config.hooks.PreToolUse?.map((hook) => hook.name), ["good"]);
  deepEqual(config.hooks.Stop?.map((hook) => hook.name), ["stop"]);
  deepEqual(config.placeholders.map(brief), [
    // The URL is refused; the matcher can be read, so it keeps it.
    {
      event: "PreToolUse",
      name: "metadata",
      matcher: "web_fetch",
      failurePolicy: "closed",
      policy: false,
      at: "5:76",
      covers: "entry",
    },
    // The matcher cannot be read: it stands for every call.
    {
      event: "PreToolUse",
      name: "regex",
      matcher: undefined,
      failurePolicy: "open",
      policy: true,
      at: "6:58",
      covers: "entry",
    },
    {
      event: "PreToolUse",
      name: "typo",
      matcher: "edit",
      failurePolicy: "open",
      policy: false,
      at: "7:76",
      covers: "entry",
    },
  ]);
  const [metadata] = config.placeholders;
  equal(metadata!.source, "hooks.jsonc");
  match(metadata!.reason, /169\.254\.169\.254/);
  match(metadata!.fix, /hook-run check/);
});

Deno.test("parseHooksConfig() reads a broken native entry's controls failing closed", async (t) => {
  const only = (entry: string) => parse(`{"hooks": {"PreToolUse": [${entry}]}}`).placeholders.map(brief)[0];
  await t.step("a failurePolicy it cannot read is closed", () => {
    equal(only(`{"command": "true", "failurePolicy": "closd"}`)?.failurePolicy, "closed");
  });
  await t.step("an entry that is not an object is closed, policy, and matches every call", () => {
    deepEqual(only(`"echo hi"`), {
      event: "PreToolUse",
      name: "PreToolUse entry 1",
      matcher: undefined,
      failurePolicy: "closed",
      policy: true,
      at: "1:27",
      covers: "entry",
    });
  });
  await t.step("an unnamed entry is named as the registry would name it", () => {
    equal(only(`{"command": "guard.sh", "timeoutMs": -1}`)?.name, "guard.sh");
  });
  await t.step("a duplicate name: the second entry is the broken one", () => {
    const config = parse(
      `{"hooks": {"PreToolUse": [{"name": "a", "command": "true"}, {"name": "a", "command": "x"}]}}`,
    );
    equal(config.hooks.PreToolUse?.length, 1);
    equal(config.placeholders[0]?.name, "a");
  });
});

Deno.test("parseHooksConfig() ignores a matcher on an event without one even when it does not compile, as Claude Code does", async (t) => {
  await t.step("Claude settings", () => {
    const config = parse(
      `{"hooks": {"UserPromptSubmit": [{"matcher": "[", "hooks": [{"type": "command", "command": "true"}]}],
        "Stop": [{"matcher": "(", "hooks": [{"type": "command", "command": "true"}]}]}}`,
      ".claude/settings.json",
    );
    equal(config.ok, true, config.diagnostics.map(formatDiagnostic).join("\n"));
    equal(config.hooks.UserPromptSubmit?.length, 1);
    equal(config.hooks.Stop?.length, 1);
    match(formatDiagnostic(config.diagnostics[0]!), /warning: UserPromptSubmit hooks have nothing to match/);
  });
  await t.step("a Claude-dialect hook in a native file", () => {
    const config = parse(`{"hooks": {"Stop": [{"dialect": "claude", "matcher": "[", "command": "true"}]}}`);
    equal(config.ok, true, config.diagnostics.map(formatDiagnostic).join("\n"));
    equal(config.hooks.Stop?.length, 1);
    match(formatDiagnostic(config.diagnostics[0]!), /warning: Stop has no tool name, so the matcher is ignored/);
  });
});

Deno.test("parseHooksConfig() drops just the broken group of Claude settings, as Claude Code does", () => {
  const config = parse(
    `{"hooks": {"PreToolUse": [
      {"matcher": "Edit(", "hooks": [{"type": "command", "command": "guard.sh"}]},
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "bash-guard.sh"}]}
    ]}}`,
    ".claude/settings.json",
  );
  equal(config.ok, false);
  deepEqual(config.hooks.PreToolUse?.map((hook) => "command" in hook && hook.command), ["bash-guard.sh"]);
  // Claude hooks have no failure policy: the placeholder is reported and listed, never registered.
  deepEqual(config.placeholders.map(brief), [{
    event: "PreToolUse",
    name: "guard.sh",
    matcher: undefined,
    failurePolicy: "open",
    policy: false,
    at: "2:19",
    covers: "entry",
  }]);
});

Deno.test("parseHooksConfig() makes a file that cannot be read a placeholder that denies every call on the gating events", async (t) => {
  const cases: [string, string][] = [
    ["a JSON syntax error", `{"hooks": {"PreToolUse": [{"command": "true"},, ]}}`],
    ["not an object", `[]`],
    ["an ambiguous dialect", `{"hooks": {"Stop": [{"timeout": 5, "timeoutMs": 5000, "command": "true"}]}}`],
    ["a security list it cannot read", `{"httpAllowedUrls": "https://policy.example", "hooks": {}}`],
  ];
  for (const [label, text] of cases) {
    await t.step(label, () => {
      const config = parse(text);
      equal(config.ok, false);
      deepEqual(config.hooks, {});
      deepEqual(
        config.placeholders.map((p) => [p.event, p.name, p.covers, p.failurePolicy, p.policy, p.matcher]),
        GATING.map((event) => [event, "hooks.jsonc", "file", "closed", true, undefined]),
      );
    });
  }
});

Deno.test("parseHooksConfig() makes the entries of an unknown event placeholders on every gating event when they were closed", () => {
  const config = parse(`{"hooks": {
    "PreToolUs": [{"name": "guard", "command": "true", "failurePolicy": "closed"}, {"name": "log", "command": "true"}],
    "Stop": [{"name": "stop", "command": "true"}]
  }}`);
  equal(config.ok, false);
  equal(config.hooks.Stop?.length, 1);
  deepEqual(
    config.placeholders.map((p) => [p.event, p.name, p.matcher]),
    GATING.map((event) => [event, "guard", undefined]),
  );
  match(config.placeholders[0]!.reason, /unknown event "PreToolUs" \(did you mean "PreToolUse"\?\)/);
});

Deno.test("checkConfig() loads every good entry of every layer, with the placeholders of the broken ones", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-placeholders-" });
  try {
    await Deno.writeTextFile(join(dir, "broken.jsonc"), BROKEN_NATIVE);
    await Deno.writeTextFile(
      join(dir, "good.jsonc"),
      `{"hooks": {"PreToolUse": [{"name": "other", "command": "true"}]}}`,
    );
    const config = await checkConfig({
      paths: [join(dir, "broken.jsonc"), join(dir, "good.jsonc"), join(dir, "missing.jsonc")],
      defaultLayers: false,
    });
    equal(config.ok, false);
    deepEqual(config.hooks.PreToolUse?.map((hook) => hook.name), ["good", "other"]);
    deepEqual(config.placeholders?.map((p) => [p.event, p.name, p.covers]), [
      ["PreToolUse", "metadata", "entry"],
      ["PreToolUse", "regex", "entry"],
      ["PreToolUse", "typo", "entry"],
      // A --config file that is not there: nothing of it can be known.
      ...GATING.map((event) => [event, join(dir, "missing.jsonc"), "file"]),
    ]);
    equal(config.placeholders?.[0]?.source, join(dir, "broken.jsonc"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
