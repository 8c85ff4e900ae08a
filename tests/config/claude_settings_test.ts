// Claude Code settings as a configuration layer.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, type ConfiguredHook, formatDiagnostic } from "../../mod.ts";
import { parseHooksConfig } from "../../src/config/mod.ts";

const SETTINGS = `{
  "permissions": { "allow": ["Bash(ls:*)"] },
  "model": "opus",
  "allowedHttpHookUrls": ["http://127.0.0.1:*"],
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [
          { "type": "command", "command": "\${CLAUDE_PROJECT_DIR}/.claude/hooks/check.sh", "timeout": 30 },
          { "type": "command", "command": "node", "args": ["\${CLAUDE_PROJECT_DIR}/hooks/fmt.js"] }
        ]
      },
      { "matcher": "mcp__memory__.*", "hooks": [{ "type": "http", "url": "http://127.0.0.1:8787/h", "headers": { "x": "$TOKEN" }, "allowedEnvVars": ["TOKEN"] }] }
    ],
    "UserPromptSubmit": [{ "hooks": [{ "type": "command", "command": "echo hi", "shell": "bash" }] }],
    "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "Done? $ARGUMENTS" }] }]
  }
}`;

Deno.test("parseHooksConfig() loads Claude Code settings: groups, seconds, exec form, Claude matchers", () => {
  const parsed = parseHooksConfig(SETTINGS, { path: ".claude/settings.json" });
  deepEqual(parsed.diagnostics.map(formatDiagnostic), []);
  equal(parsed.dialect, "claude");
  deepEqual(parsed.httpAllowedUrls, ["http://127.0.0.1:*"]);
  deepEqual(parsed.hooks.PreToolUse?.map(({ source: _source, ...hook }) => hook), [
    {
      dialect: "claude",
      stage: "mutate",
      timeoutMs: 30_000,
      matcher: "Edit|Write",
      command: "${CLAUDE_PROJECT_DIR}/.claude/hooks/check.sh",
    },
    {
      dialect: "claude",
      stage: "mutate",
      timeoutMs: 600_000,
      matcher: "Edit|Write",
      command: "node",
      args: ["${CLAUDE_PROJECT_DIR}/hooks/fmt.js"],
    },
    {
      dialect: "claude",
      stage: "mutate",
      timeoutMs: 600_000,
      matcher: "mcp__memory__.*",
      type: "http",
      url: "http://127.0.0.1:8787/h",
      headers: { x: "$TOKEN" },
      allowedEnvVars: ["TOKEN"],
    },
  ]);
  // UserPromptSubmit's default is 30 s; "shell": "bash" runs through bash.
  deepEqual(parsed.hooks.UserPromptSubmit?.[0], {
    dialect: "claude",
    timeoutMs: 30_000,
    command: "bash",
    args: ["-c", "echo hi"],
    source: ".claude/settings.json",
  });
  equal(parsed.hooks.Stop?.[0]?.timeoutMs, 30_000);
});

Deno.test("parseHooksConfig() refuses a hook outside its matcher group, which Claude silently ignores", () => {
  const parsed = parseHooksConfig(
    `{"permissions": {}, "hooks": {"PreToolUse": [{"type": "command", "command": "echo hello"}]}}`,
    { path: "settings.json" },
  );
  equal(parsed.ok, false);
  equal(
    formatDiagnostic(parsed.diagnostics[0]!),
    'settings.json:1:46: error: this hook is not inside a matcher group: Claude Code silently ignores such an entry (and with it every hook of the file) (wrap it: {"matcher": "", "hooks": [ <this hook> ]})',
  );
});

Deno.test("parseHooksConfig() checks Claude settings loudly, with places", async (t) => {
  const errors = (text: string) =>
    parseHooksConfig(text, { path: "s.json", dialect: "claude" }).diagnostics.map(formatDiagnostic);
  await t.step("an invalid regex matcher", () => {
    match(
      errors(`{"hooks": {"PreToolUse": [{"matcher": "Edit(", "hooks": []}]}}`)[0]!,
      /1:39: error: the matcher "Edit\(" is not a valid regular expression/,
    );
  });
  await t.step("a handler key hookgate does not know is a warning, with the nearest, and the hook loads", () => {
    const parsed = parseHooksConfig(
      `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "timout": 5, "rewakeMessage": "m"}]}]}}`,
      { path: "s.json", dialect: "claude" },
    );
    equal(parsed.ok, true);
    equal(parsed.hooks.Stop?.length, 1);
    deepEqual(parsed.diagnostics.map(formatDiagnostic), [
      's.json:1:81: warning: "timout" is not a Claude Code hook key hookgate knows; it is ignored and the hook runs (did you mean "timeout"?)',
      's.json:1:101: warning: "rewakeMessage" is not a Claude Code hook key hookgate knows; it is ignored and the hook runs',
    ]);
  });
  await t.step("an event hookgate does not know is a warning, with the nearest, and its hooks load", () => {
    const parsed = parseHooksConfig(
      `{"hooks": {"FutureEvent": [{"hooks": [{"type": "command", "command": "true"}]}], "PreTooluse": [{"hooks": []}]}}`,
      { path: "s.json", dialect: "claude" },
    );
    equal(parsed.ok, true);
    equal(parsed.hooks["FutureEvent" as "Stop"]?.length, 1);
    deepEqual(parsed.diagnostics.map((d) => [d.message.slice(0, 50), d.hint]), [
      ['hookgate does not know the event "FutureEvent": it', undefined],
      ['hookgate does not know the event "PreTooluse": its', 'did you mean "PreToolUse"?'],
    ]);
  });
  await t.step("an event name no event can have is an error", () => {
    match(errors(`{"hooks": {"pre tool": [{"hooks": []}]}}`)[0]!, /error: unknown event "pre tool"/);
  });
  await t.step("the newer events load, with their matchers", () => {
    const parsed = parseHooksConfig(
      `{"hooks": {"Notification": [{"matcher": "idle_prompt", "hooks": [{"type": "command", "command": "true"}]}],
        "SubagentStop": [{"matcher": "^review", "hooks": [{"type": "command", "command": "true"}]}]}}`,
      { path: "s.json", dialect: "claude" },
    );
    deepEqual(parsed.diagnostics.map(formatDiagnostic), []);
    equal(parsed.hooks.Notification?.[0]?.matcher, "idle_prompt");
    equal(parsed.hooks.SubagentStop?.[0]?.matcher, "^review");
  });
  await t.step("mcp_tool, agent and PowerShell hooks are left to Claude with a warning", () => {
    const parsed = parseHooksConfig(
      `{"hooks": {"Stop": [{"hooks": [{"type": "agent", "prompt": "check"}, {"command": "Write-Host", "shell": "powershell"}]}]}}`,
      { path: "s.json", dialect: "claude" },
    );
    equal(parsed.ok, true);
    deepEqual(parsed.hooks, {});
    match(
      formatDiagnostic(parsed.diagnostics[0]!),
      /warning: hookgate cannot run this hook outside Claude Code \(an agent hook runs a Claude Code subagent\)/,
    );
    match(formatDiagnostic(parsed.diagnostics[1]!), /warning: .*a PowerShell hook runs in Claude Code's PowerShell/);
  });
  await t.step("disableAllHooks loads none of the file's hooks, and says so", () => {
    const parsed = parseHooksConfig(
      `{"disableAllHooks": true, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}`,
      { path: "s.json" },
    );
    deepEqual(parsed.hooks, {});
    match(formatDiagnostic(parsed.diagnostics[0]!), /"disableAllHooks" is true/);
  });
});

Deno.test("checkConfig() picks up a project's .claude/settings.json and settings.local.json after .hookgate/, once trusted", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(root, ".claude"));
    await Deno.mkdir(join(root, ".hookgate"));
    await Deno.writeTextFile(
      join(root, ".hookgate/config.jsonc"),
      `{"hooks": {"Stop": [{"name": "native", "command": "true"}]}}`,
    );
    // Detected by location, even without a group or Claude-only key: then a flat entry is an error.
    await Deno.writeTextFile(
      join(root, ".claude/settings.json"),
      `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}`,
    );
    await Deno.writeTextFile(
      join(root, ".claude/settings.local.json"),
      `{"hooks": {"Stop": [{"hooks": [{"command": "echo local"}]}]}}`,
    );
    const untrusted = await checkConfig({ projectRoot: root, home: join(root, "home") });
    deepEqual(untrusted.hooks, {});
    equal(untrusted.project?.skipped.length, 3);
    const trusted = await checkConfig({ projectRoot: root, home: join(root, "home"), trust: "all" });
    deepEqual(trusted.hooks.Stop?.map((h) => [h.dialect ?? "native", h.source?.slice(root.length)]), [
      ["native", "/.hookgate/config.jsonc"],
      ["claude", "/.claude/settings.json"],
      ["claude", "/.claude/settings.local.json"],
    ]);
    ok(trusted.layers.some((layer) => layer.path.endsWith("settings.local.json") && layer.dialect === "claude"));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("checkConfig() asks for the sanitized environment when any layer says so, a Claude file through its env", async () => {
  const root = await Deno.makeTempDir();
  try {
    const native = join(root, "native.jsonc");
    const claude = join(root, "settings.json");
    const plain = join(root, "plain.json");
    await Deno.writeTextFile(native, `{"sanitizeEnv": true}`);
    await Deno.writeTextFile(claude, `{"env": {"CLAUDE_CODE_SUBPROCESS_ENV_SCRUB": "1"}, "hooks": {}}`);
    await Deno.writeTextFile(plain, `{"sanitizeEnv": false, "hooks": {}}`);
    const load = (...paths: string[]) => checkConfig({ paths, defaultLayers: false });
    equal((await load(plain)).sanitizeEnv, undefined);
    equal((await load(plain, native)).sanitizeEnv, true);
    equal((await load(claude, plain)).sanitizeEnv, true);
    // What a file that cannot be read asked for is unknown: it gets the sanitized one.
    await Deno.writeTextFile(plain, `{"sanitizeEnv": tru`);
    equal((await load(plain)).sanitizeEnv, true);
    equal((await load(join(root, "missing.jsonc"))).sanitizeEnv, true);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("checkConfig() trusts a project's hooks of an event hookgate does not know with the rest: their scripts count", async () => {
  const root = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(join(root, ".claude/hooks"), { recursive: true });
    await Deno.writeTextFile(join(root, ".claude/hooks/later.sh"), "exit 0\n");
    await Deno.writeTextFile(
      join(root, ".claude/settings.json"),
      `{"hooks": {"FutureEvent": [{"hooks": [{"type": "command", "command": "sh .claude/hooks/later.sh"}]}]}}`,
    );
    const config = await checkConfig({ projectRoot: root, home: join(root, "home"), trust: "all" });
    equal(config.hooks["FutureEvent" as "Stop"]?.length, 1);
    ok(config.project?.snapshot.hooks.some((hook) => (hook.event as string) === "FutureEvent"));
    ok(config.project?.snapshot.files.some((file) => file.path.endsWith("later.sh")));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("parseHooksConfig() takes Claude's async and asyncRewake on every event, without a warning", () => {
  const parsed = parseHooksConfig(
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh lint.sh", async: true }] }],
        Stop: [{ hooks: [{ type: "command", command: "sh review.sh", asyncRewake: true }] }],
      },
    }),
    { path: ".claude/settings.json" },
  );
  deepEqual(parsed.diagnostics.map(formatDiagnostic), []);
  const flags = (hooks: ConfiguredHook[] | undefined) =>
    hooks?.map((hook) => "command" in hook ? [hook.command, hook.async, hook.rewake] : hook);
  deepEqual(flags(parsed.hooks.PreToolUse), [["sh lint.sh", true, undefined]]);
  // asyncRewake implies async, as in Claude.
  deepEqual(flags(parsed.hooks.Stop), [["sh review.sh", true, true]]);
});
