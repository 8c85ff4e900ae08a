import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { type ConfigDiagnostic, formatDiagnostic, HookConfigError } from "../../mod.ts";
import { parseHooksConfig } from "../../src/config/mod.ts";

function parse(text: string, dialect?: "native" | "wuu") {
  return parseHooksConfig(text, {
    path: "hooks.jsonc",
    ...(dialect ? { dialect } : {}),
  });
}

/** `line:col: severity: message (hint)` for every diagnostic. */
function lines(diagnostics: ConfigDiagnostic[]): string[] {
  return diagnostics.map((d) => formatDiagnostic(d).replace(/^hooks\.jsonc:/, ""));
}

Deno.test("parseHooksConfig() reads the native shape from JSONC, remembering the source", () => {
  const config = parse(`{
  // the seed-000 example, with comments and trailing commas
  "hooks": {
    "PreToolUse": [
      {
        "name": "bash-safety",
        "matcher": "bash",
        "stage": "validate",
        "command": "bash ./scripts/guard-bash.sh",
        "timeoutMs": 3000,
        "failurePolicy": "closed",
        "policy": true,
      },
      { "matcher": "edit|write", "command": "bash ./scripts/audit-edit.sh" },
      {
        "type": "http",
        "url": "https://policy.example.com/hook",
        "headers": { "authorization": "Bearer $TOKEN" },
        "allowedEnvVars": ["TOKEN"],
      },
    ],
    "PostToolUse": [{ "command": "cat", "args": ["-"], "background": true, "maxOutputBytes": 1024 }],
  },
}`);
  deepEqual(config.diagnostics, []);
  equal(config.ok, true);
  equal(config.dialect, "native");
  deepEqual(config.hooks, {
    PreToolUse: [
      {
        name: "bash-safety",
        matcher: "bash",
        stage: "validate",
        command: "bash ./scripts/guard-bash.sh",
        timeoutMs: 3000,
        failurePolicy: "closed",
        policy: true,
        source: "hooks.jsonc",
      },
      {
        matcher: "edit|write",
        command: "bash ./scripts/audit-edit.sh",
        source: "hooks.jsonc",
      },
      {
        type: "http",
        url: "https://policy.example.com/hook",
        headers: { authorization: "Bearer $TOKEN" },
        allowedEnvVars: ["TOKEN"],
        source: "hooks.jsonc",
      },
    ],
    PostToolUse: [{
      command: "cat",
      args: ["-"],
      background: true,
      maxOutputBytes: 1024,
      source: "hooks.jsonc",
    }],
  });
});

Deno.test("parseHooksConfig() treats every JSONC parse error as an error, with its place", () => {
  const config = parse(`{
  "hooks": {
    "Stop": [{ "command": "true" },, ]
  }
}`);
  equal(config.ok, false);
  deepEqual(lines(config.diagnostics), [
    "3:36: error: invalid JSONC: ValueExpected (a value is missing, often a doubled or leading comma)",
  ]);
  deepEqual(config.hooks, {});
});

Deno.test("parseHooksConfig() lists every problem at once, each with line:col and a hint", () => {
  const config = parse(`{
  "hooks": {
    "PreTooluse": [{ "command": "true" }],
    "Stop": [
      { "command": "true", "timeoutMs": 900000 },
      { "command": "true", "timeoutMs": 0 },
      { "command": "true", "failurPolicy": "closed" },
      { "matcher": "x" },
      { "type": "http", "url": "http://policy.example.com/hook" },
      { "name": "dup", "command": "true" },
      { "name": "dup", "command": "false" },
      { "command": "true", "failurePolicy": "strict", "timeoutMs": 1.5 },
      "not an object",
    ],
  },
}`);
  equal(config.ok, false);
  deepEqual(lines(config.diagnostics), [
    '3:5: error: unknown event "PreTooluse" (did you mean "PreToolUse"?)',
    '5:41: error: "timeoutMs" must be at most 600000, got 900000 (timeouts are in milliseconds; 10 minutes (600000) is the longest)',
    '6:41: error: "timeoutMs" must be at least 1, got 0',
    '7:28: error: unknown key "failurPolicy" (did you mean "failurePolicy"?)',
    '8:7: error: a hook needs "command" (a command hook) or "type": "http" with "url" (an HTTP hook)',
    '9:32: error: plain http:// is only allowed to loopback (127.0.0.0/8, [::1], localhost), not "policy.example.com"; use https://',
    '11:17: error: duplicate hook name "dup" in Stop (also entry 6) (names identify hooks in logs and traces; make each one unique)',
    '12:45: error: "failurePolicy" must be "open" or "closed", got "strict"',
    '12:68: error: "timeoutMs" must be a whole number, got 1.5',
    '13:7: error: each hook must be an object ({"command": "…"} or {"type": "http", "url": "…"})',
  ]);
});

Deno.test("parseHooksConfig() refuses nesting deeper than 64 levels at the place it crosses the limit", async (t) => {
  const hint = "(a hook configuration needs a few levels; look for brackets that are opened but never closed)";
  await t.step("100 000 brackets deep is one diagnostic, not a stack overflow", () => {
    // Before: RangeError: Maximum call stack size exceeded, with no place.
    const config = parse("[".repeat(100_000));
    equal(config.ok, false);
    deepEqual(lines(config.diagnostics), [`1:65: error: the nesting is deeper than 64 levels ${hint}`]);
    deepEqual(config.hooks, {});
  });
  await t.step("the place is the bracket that crosses the limit, across lines and after comments", () => {
    const text = `{ // [[[[[ not counted
  "hooks": { "Stop": [ { "command": "echo [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ \\" [[" } ] },
  /* [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ */
  "deep": ${"{\n".repeat(60)}${'"a": [[[[[[[[[["x"]]]]]]]]]]'}${"}".repeat(60)}
}`;
    const config = parse(text);
    deepEqual(lines(config.diagnostics), [`64:9: error: the nesting is deeper than 64 levels ${hint}`]);
  });
  await t.step("stray closing brackets do not hide the depth from the count", () => {
    // The parser skips a "}" inside an array without leaving it, so each
    // "[" here is one level deeper.
    const config = parse("[},".repeat(100_000));
    deepEqual(lines(config.diagnostics), [`1:193: error: the nesting is deeper than 64 levels ${hint}`]);
  });
  await t.step("64 levels are within the limit", () => {
    const config = parse(`{"x": ${"[".repeat(63)}${"]".repeat(63)}, "hooks": {}}`);
    deepEqual(lines(config.diagnostics), ['1:2: warning: unknown top-level key "x" is ignored']);
  });
});

Deno.test("parseHooksConfig() accepts a leading UTF-8 BOM without counting it as a column", () => {
  // Before: invalid JSONC: InvalidSymbol at 1:1.
  const ok = parse('\uFEFF{"hooks": {"Stop": [{"command": "true"}]}}');
  deepEqual(ok.diagnostics, []);
  equal(ok.hooks.Stop?.length, 1);
  const bad = parse('\uFEFF{"hooks": {"Stp": []}}');
  deepEqual(lines(bad.diagnostics), ['1:12: error: unknown event "Stp" (did you mean "Stop"?)']);
  const second = parse('\uFEFF{\n  "hooks": {"Stp": []}}');
  deepEqual(lines(second.diagnostics), ['2:13: error: unknown event "Stp" (did you mean "Stop"?)']);
});

Deno.test("parseHooksConfig() checks field combinations per transport", () => {
  const config = parse(`{"hooks": {"Stop": [
    { "type": "http", "url": "https://a.example/", "command": "x" },
    { "command": "true", "headers": { "a": "b" } },
    { "type": "http" },
    { "type": "http", "url": "https://169.254.169.254/" },
    { "type": "http", "url": "https://169.254.169.254/", "allowMetadataHosts": true }
  ]}}`);
  deepEqual(lines(config.diagnostics), [
    '2:52: error: "command" does not apply to an HTTP hook',
    '3:26: error: "headers" does not apply to a command hook (add "type": "http" for an HTTP hook)',
    '4:5: error: an HTTP hook needs a "url"',
    '5:30: error: "169.254.169.254" is a link-local or cloud metadata address; set "allowMetadataHosts": true on the hook if this is intended',
  ]);
});

Deno.test("parseHooksConfig() refuses a NUL character in what reaches a process or a request, at its place", async (t) => {
  // Before: these passed `check` and failed only when the hook ran.
  await t.step("native command hooks: command, args, env names and values, passEnv", () => {
    const config = parse(`{"hooks": {"PreToolUse": [
    { "command": "true\\u0000 --now" },
    { "command": "true", "args": ["ok", "b\\u0000c"] },
    { "command": "true", "env": { "A\\u0000B": "1", "C": "x\\u0000" } },
    { "command": "true", "passEnv": ["HOME", "PATH\\u0000"] },
    { "name": "clean", "command": "true", "args": ["ok"], "env": { "C": "x" }, "passEnv": ["HOME"] }
  ]}}`);
    equal(config.ok, false);
    const hint = "(a process gets its command line and environment as C strings, which end at the first NUL)";
    deepEqual(lines(config.diagnostics), [
      `2:18: error: "command" must not contain a NUL character (\\u0000) ${hint}`,
      `3:41: error: "args" must not contain a NUL character (\\u0000) ${hint}`,
      `4:35: error: "env" names must not contain a NUL character (\\u0000) ${hint}`,
      `4:57: error: "env" values must not contain a NUL character (\\u0000) ${hint}`,
      `5:46: error: "passEnv" must not contain a NUL character (\\u0000) ${hint}`,
    ]);
    deepEqual(config.diagnostics.map((d) => d.path), [
      ["hooks", "PreToolUse", 0, "command"],
      ["hooks", "PreToolUse", 1, "args", 1],
      ["hooks", "PreToolUse", 2, "env", "A\u0000B"],
      ["hooks", "PreToolUse", 2, "env", "C"],
      ["hooks", "PreToolUse", 3, "passEnv", 1],
    ]);
  });
  await t.step("native HTTP hooks: url, header names and values, allowedEnvVars", () => {
    const config = parse(`{"hooks": {"Stop": [
    { "type": "http", "url": "http://127.0.0.1:1/a\\u0000b" },
    { "type": "http", "url": "http://127.0.0.1:1/", "headers": { "x-a\\u0000": "v", "x-b": "v\\u0000" } },
    { "type": "http", "url": "http://127.0.0.1:1/", "allowedEnvVars": ["TOKEN\\u0000"] }
  ]}}`);
    const hint = "(URLs, HTTP header fields and environment variable names cannot carry a NUL)";
    deepEqual(lines(config.diagnostics), [
      `2:30: error: "url" must not contain a NUL character (\\u0000) ${hint}`,
      `3:66: error: "headers" names must not contain a NUL character (\\u0000) ${hint}`,
      `3:91: error: "headers" values must not contain a NUL character (\\u0000) ${hint}`,
      `4:72: error: "allowedEnvVars" must not contain a NUL character (\\u0000) ${hint}`,
    ]);
  });
  await t.step("Wuu command hooks: command", () => {
    const config = parse(`{"hooks": {"Stop": [{ "command": "true\\u0000", "timeout": 5 }]}}`, "wuu");
    deepEqual(lines(config.diagnostics), [
      '1:34: error: "command" must not contain a NUL character (\\u0000) (a process gets its command line and environment as C strings, which end at the first NUL)',
    ]);
    deepEqual(config.diagnostics[0]!.path, ["hooks", "Stop", 0, "command"]);
  });
});

Deno.test("parseHooksConfig() warns about settings that load but surprise", () => {
  const config = parse(`{"hooks": {
    "SessionStart": [{ "matcher": "bash", "command": "true", "stage": "mutate" }],
    "PreToolUse": [
      { "matcher": "Edit.*", "command": "true" },
      { "matcher": "|", "command": "true" }
    ]
  }, "unknownTop": 1}`);
  equal(config.ok, true);
  const text = lines(config.diagnostics).join("\n");
  match(text, /7:6: warning: unknown top-level key "unknownTop" is ignored/);
  match(
    text,
    /2:\d+: warning: SessionStart has no tool name, so the matcher is ignored/,
  );
  match(
    text,
    /2:\d+: warning: "stage" only applies to PreToolUse; it is ignored on SessionStart/,
  );
  match(
    text,
    /4:\d+: warning: matchers are exact tool names, not regular expressions: "Edit\.\*"/,
  );
  match(
    text,
    /5:\d+: warning: the matcher "\|" names no tool, so the hook never runs/,
  );
  equal(config.hooks.PreToolUse?.length, 2, "warnings still load");
});

Deno.test("parseHooksConfig() makes a command the allowlist would refuse an error, and takes scripts named from the home directory", () => {
  const config = parse(`{"hooks": {"PreToolUse": [
    { "command": "./local-hook.sh" },
    { "command": "~/.hookgate/hooks/guard.sh" },
    { "command": "\\"$HOME\\"/.hookgate/hooks/guard.sh --strict" },
    { "command": "\${HOME}/bin/guard" }
  ]}}`);
  deepEqual(lines(config.diagnostics), [
    '2:18: error: this hook would be refused when it runs: "./local-hook.sh" is not on the command allowlist (shells, interpreters and common utilities); reference the script by absolute path (for example a wrapper in <project>/.hookgate/hooks/), or add "./local-hook.sh" to the allowlist. The allowlist is a convenience filter, not a security boundary',
  ]);
  equal(config.hooks.PreToolUse?.length, 3, "the others load");
  equal(config.placeholders.length, 1, "a placeholder holds the refused one");
});

Deno.test("parseHooksConfig() honours commandAllowlist and httpAllowedUrls at the top level", () => {
  const config = parse(`{
  "commandAllowlist": ["my-linter"],
  "httpAllowedUrls": ["https://policy.example.com/*"],
  "hooks": { "Stop": [{ "command": "my-linter --fast" }] }
}`);
  deepEqual(config.diagnostics, []);
  deepEqual(config.commandAllowlist, ["my-linter"]);
  deepEqual(config.httpAllowedUrls, ["https://policy.example.com/*"]);
});

Deno.test("parseHooksConfig() refuses background hooks on events that can block", () => {
  const config = parse(
    `{"hooks": {"PreToolUse": [{ "command": "true", "background": true }]}}`,
  );
  match(
    lines(config.diagnostics)[0]!,
    /error: background hooks cannot block, so they are not allowed on PreToolUse/,
  );
});

// ---------------------------------------------------------------------------
// Wuu, dialect detection, Claude

Deno.test("parseHooksConfig() converts the Wuu shape: seconds to milliseconds, snake_case payloads", () => {
  const config = parse(
    `{
  "model": "whatever else lives in a Wuu config",
  "hooks": {
    "PreToolUse": [{ "matcher": "bash", "type": "command", "command": "python3 /abs/check-shell.py", "timeout": 10 }],
    "Stop": [
      { "command": "true" },
      { "command": "true", "timeout": 0 },
      { "command": "true", "timeout": -3 },
      { "command": "true", "timeout": 2.5 }
    ]
  }
}`,
    "wuu",
  );
  deepEqual(config.diagnostics, []);
  equal(config.dialect, "wuu");
  deepEqual(config.hooks.PreToolUse, [{
    command: "python3 /abs/check-shell.py",
    dialect: "wuu",
    timeoutMs: 10_000,
    matcher: "bash",
    source: "hooks.jsonc",
  }]);
  deepEqual(config.hooks.Stop?.map((h) => h.timeoutMs), [
    30_000,
    30_000,
    30_000,
    2_500,
  ]);
});

Deno.test("parseHooksConfig() warns when a Wuu timeout looks like milliseconds (peer bug: timeout units)", () => {
  const config = parse(
    `{"hooks": {"Stop": [{ "command": "true", "timeout": 5000 }, { "command": "true", "timeout": 900 }]}}`,
    "wuu",
  );
  equal(config.ok, true);
  deepEqual(lines(config.diagnostics), [
    '1:53: warning: "timeout" is 5000 seconds (1 h 23 min), almost surely milliseconds written as seconds; it is capped at 10 minutes (Wuu timeouts are in seconds: write 5 for 5000 ms)',
    '1:93: warning: "timeout" is 900 seconds (15 min); the longest is 10 minutes, so it is capped',
  ]);
  deepEqual(config.hooks.Stop?.map((h) => h.timeoutMs), [600_000, 600_000]);
});

Deno.test("parseHooksConfig() reads a Wuu matcher as one exact, case-insensitive name and flags lists", () => {
  const config = parse(
    `{"dialect": "wuu", "hooks": {"PreToolUse": [{ "matcher": "edit|write", "command": "true" }]}}`,
  );
  match(
    lines(config.diagnostics)[0]!,
    /warning: Wuu matchers are one exact tool name; "edit\|write" is read as a list/,
  );
});

Deno.test("parseHooksConfig() rejects native keys in a Wuu file with the nearest Wuu key", () => {
  const config = parse(
    `{"hooks": {"Stop": [{ "command": "true", "timeoutMs": 10 }]}}`,
    "wuu",
  );
  deepEqual(lines(config.diagnostics), [
    '1:42: error: unknown key "timeoutMs" (did you mean "timeout"?)',
  ]);
});

Deno.test("parseHooksConfig() detects the dialect and refuses an ambiguous file with the fix", async (t) => {
  await t.step(
    "native markers",
    () =>
      equal(
        parse(`{"hooks": {"Stop": [{"command": "x", "timeoutMs": 5}]}}`)
          .dialect,
        "native",
      ),
  );
  await t.step(
    "Wuu markers",
    () =>
      equal(
        parse(`{"hooks": {"Stop": [{"command": "x", "timeout": 5}]}}`).dialect,
        "wuu",
      ),
  );
  await t.step(
    "no markers: the native default",
    () => equal(parse(`{"hooks": {"Stop": [{"command": "x"}]}}`).dialect, "native"),
  );
  await t.step(
    'the "dialect" key decides',
    () =>
      equal(
        parse(`{"dialect": "wuu", "hooks": {"Stop": [{"command": "x"}]}}`)
          .dialect,
        "wuu",
      ),
  );
  await t.step("both kinds: ambiguous", () => {
    const config = parse(
      `{"hooks": {"Stop": [{"command": "x", "timeoutMs": 5}, {"command": "y", "timeout": 5}]}}`,
    );
    equal(config.ok, false);
    equal(config.dialect, null);
    deepEqual(lines(config.diagnostics), [
      '1:83: error: the file mixes native keys ("timeoutMs") and Wuu keys ("timeout"), so its dialect is ambiguous (add "dialect": "native" (timeoutMs in milliseconds) or "dialect": "wuu" (timeout in seconds) at the top)',
    ]);
  });
  await t.step("a bad dialect value", () => {
    match(
      lines(parse(`{"dialect": "gemini-cli", "hooks": {}}`).diagnostics)[0]!,
      /"dialect" must be "native"(?: or "[a-z]+")*, got "gemini-cli"/,
    );
  });
});

Deno.test("parseHooksConfig() recognizes the Claude Code settings shape and loads it as such, never as native", () => {
  const config = parse(`{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "check.sh", "timeout": 30 }] }
    ]
  }
}`);
  equal(config.ok, true);
  equal(config.dialect, "claude");
  deepEqual(config.hooks.PreToolUse?.map((h) => [h.dialect, h.matcher, h.timeoutMs]), [[
    "claude",
    "Edit|Write",
    30_000,
  ]]);
  equal(parse(`{"dialect": "claude", "hooks": {}}`).dialect, "claude");
});

// ---------------------------------------------------------------------------
// Edges

Deno.test("parseHooksConfig() accepts an empty file with a warning, and refuses a non-object", () => {
  const empty = parse("  \n");
  equal(empty.ok, true);
  deepEqual(empty.hooks, {});
  match(lines(empty.diagnostics)[0]!, /warning: the file is empty/);
  match(
    lines(parse("[]").diagnostics)[0]!,
    /1:1: error: the file must contain a JSON object/,
  );
  match(
    lines(parse(`{"hooks": []}`).diagnostics)[0]!,
    /"hooks" must be an object/,
  );
  match(
    lines(parse(`{"hooks": {"Stop": {}}}`).diagnostics)[0]!,
    /"Stop" must be an array of hooks/,
  );
  deepEqual(parse(`{}`).diagnostics, []);
});

Deno.test("ParsedHooksConfig.assertOk() throws a HookConfigError with every diagnostic and the first place", () => {
  const config = parse(
    `{"hooks": {"Stop": [{"command": ""}, {"commnd": "x"}]}}`,
  );
  throws(() => config.assertOk(), (error: unknown) => {
    ok(error instanceof HookConfigError);
    equal(error.diagnostics.length, 2);
    equal(error.line, 1);
    equal(error.column, 33);
    match(
      error.message,
      /^Cannot load hook config: 2 errors\n {2}hooks\.jsonc:1:33: error: "command" must not be empty/,
    );
    return true;
  });
});

// ---------------------------------------------------------------------------
// Prompt hooks and models

Deno.test("parseHooksConfig() reads prompt hooks and the models section", () => {
  const config = parse(`{
  "models": {
    "default": "fast",
    "fast": { "provider": "openai", "baseUrl": "http://127.0.0.1:8080/v1", "model": "m", "apiKeyEnv": "OPENAI_API_KEY" },
  },
  "hooks": { "PreToolUse": [{ "type": "prompt", "prompt": "Safe? $ARGUMENTS", "model": "fast", "timeoutMs": 20000 }] },
}`);
  deepEqual(config.diagnostics, []);
  deepEqual(config.models, {
    default: "fast",
    endpoints: {
      fast: { provider: "openai", baseUrl: "http://127.0.0.1:8080/v1", model: "m", apiKeyEnv: "OPENAI_API_KEY" },
    },
  });
  deepEqual(config.hooks.PreToolUse, [{
    type: "prompt",
    prompt: "Safe? $ARGUMENTS",
    model: "fast",
    timeoutMs: 20000,
    source: "hooks.jsonc",
  }]);
});

Deno.test("parseHooksConfig() reads Wuu prompt hooks with their timeout in seconds", () => {
  const config = parse(
    `{"hooks": {"PreToolUse": [
    { "type": "prompt", "matcher": "bash", "prompt": "Review-only? $ARGUMENTS", "timeout": 20 }
  ]}}`,
    "wuu",
  );
  deepEqual(config.diagnostics, []);
  deepEqual(config.hooks.PreToolUse, [{
    type: "prompt",
    prompt: "Review-only? $ARGUMENTS",
    dialect: "wuu",
    timeoutMs: 20_000,
    matcher: "bash",
    source: "hooks.jsonc",
  }]);
});

Deno.test("parseHooksConfig() checks prompt hooks and model endpoints", () => {
  const config = parse(`{
  "models": {
    "a": { "provider": "openai", "model": "m", "apiKeyEnv": "sk-live-123abc" },
    "b": { "provider": "openai", "model": "m", "baseUrl": "http://models.example.com/v1" },
    "c": { "provider": "mistral", "model": "m" },
    "d": { "provider": "openai", "model": "m", "apiKey": "x" },
    "default": "z"
  },
  "hooks": { "Stop": [
    { "type": "prompt" },
    { "type": "prompt", "prompt": "p", "command": "true" },
    { "command": "true", "model": "a" }
  ]}
}`);
  deepEqual(lines(config.diagnostics), [
    '3:61: error: "apiKeyEnv" must be the name of an environment variable (it names the variable that holds the key, never the key itself: keep keys out of configuration)',
    '4:59: error: plain http:// is only allowed to loopback (127.0.0.0/8, [::1], localhost), not "models.example.com"; use https://',
    '5:24: error: "provider" must be "openai" or "anthropic", got "mistral"',
    '6:48: error: unknown key "apiKey" (did you mean "apiKeyEnv"?)',
    '10:5: error: a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)',
    '11:40: error: "command" does not apply to a prompt hook',
    '12:26: error: "model" does not apply to a command hook (add "type": "prompt" for a prompt hook)',
  ]);
});
