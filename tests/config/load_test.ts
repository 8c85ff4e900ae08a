import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, formatDiagnostic, HookConfigError, loadConfig } from "../../mod.ts";
import { configLayers } from "../../src/config/mod.ts";

async function tempTree(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-config-" });
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir, path, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, path), text);
  }
  return dir;
}

Deno.test("loadConfig() concatenates user → project → explicit per event, each hook with its source", async () => {
  const dir = await tempTree({
    "home/config.jsonc": `{"hooks": {"Stop": [{"name": "user", "command": "true"}]}}`,
    "project/.hookgate/config.jsonc": `{"hooks": {
      "Stop": [{"name": "project", "command": "true"}],
      "SessionStart": [{"command": "true"}]
    }}`,
    "extra.jsonc": `{"hooks": {"Stop": [{"name": "explicit", "command": "true"}]}}`,
  });
  try {
    const config = await loadConfig({
      home: join(dir, "home"),
      agentHome: join(dir, "home"),
      projectRoot: join(dir, "project"),
      paths: [join(dir, "extra.jsonc")],
      trust: "all", // this test is about the order; trust has its own tests
    });
    deepEqual(config.hooks.Stop?.map((h) => [h.name, h.source]), [
      ["user", join(dir, "home/config.jsonc")],
      ["project", join(dir, "project/.hookgate/config.jsonc")],
      ["explicit", join(dir, "extra.jsonc")],
    ]);
    equal(config.hooks.SessionStart?.length, 1);
    // Other agents' settings files are layers too (their own tests say where).
    const layers = config.layers.filter((l) => l.owner === undefined || l.owner === "claude");
    deepEqual(layers.map((l) => [l.kind, l.found]), [
      ["user", true],
      ["user", false], // claude-hooks.json: the hooks hook-run install claude moved
      ["project", true],
      ["project", false], // .claude/settings.json
      ["project", false], // .claude/settings.local.json
      ["explicit", true],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() skips missing default layers but fails on a missing explicit path", async () => {
  const dir = await tempTree({});
  try {
    const empty = await loadConfig({
      home: join(dir, "nohome"),
      projectRoot: dir,
    });
    deepEqual(empty.hooks, {});
    equal(empty.diagnostics.length, 0);
    await rejects(
      loadConfig({
        home: join(dir, "nohome"),
        projectRoot: dir,
        paths: ["missing.jsonc"],
      }),
      (error: unknown) => {
        ok(error instanceof HookConfigError);
        match(
          error.message,
          /missing\.jsonc:1:1: error: the file does not exist \(check the --config path\)/,
        );
        return true;
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() reads a file saved with a UTF-8 BOM, with places as the editor shows them", async () => {
  const dir = await tempTree({});
  const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
  const encode = (text: string) => new Uint8Array([...bom, ...new TextEncoder().encode(text)]);
  try {
    await Deno.writeFile(join(dir, "good.jsonc"), encode('{"hooks": {"Stop": [{"command": "true"}]}}'));
    const config = await loadConfig({ paths: [join(dir, "good.jsonc")], defaultLayers: false });
    equal(config.hooks.Stop?.length, 1);
    await Deno.writeFile(
      join(dir, "bad.jsonc"),
      encode('{\n  "hooks": {"Stop": [{"command": "true", "timeoutMs": 0}]}}'),
    );
    const checked = await checkConfig({ paths: [join(dir, "bad.jsonc")], defaultLayers: false });
    deepEqual(checked.diagnostics.map(formatDiagnostic), [
      `${join(dir, "bad.jsonc")}:2:55: error: "timeoutMs" must be at least 1, got 0`,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() reads the user layer from $HOOKGATE_HOME", async () => {
  const dir = await tempTree({
    "custom/config.jsonc": `{"hooks": {"Stop": [{"name": "from-env", "command": "true"}]}}`,
  });
  const previous = Deno.env.get("HOOKGATE_HOME");
  Deno.env.set("HOOKGATE_HOME", join(dir, "custom"));
  try {
    const config = await loadConfig({ projectRoot: dir });
    equal(config.hooks.Stop?.[0]?.name, "from-env");
    equal(
      configLayers({ projectRoot: dir })[0]?.path,
      join(dir, "custom/config.jsonc"),
    );
  } finally {
    if (previous === undefined) Deno.env.delete("HOOKGATE_HOME");
    else Deno.env.set("HOOKGATE_HOME", previous);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() lists the errors of every file at once and loads nothing", async () => {
  const dir = await tempTree({
    "a.jsonc": `{"hooks": {"Stop": [{"command": "true", "timeoutMs": -1}]}}`,
    "b.jsonc": `{"hooks": {"Sotp": []}}`,
  });
  try {
    const config = await checkConfig({
      paths: [join(dir, "a.jsonc"), join(dir, "b.jsonc")],
      defaultLayers: false,
    });
    equal(config.ok, false);
    deepEqual(config.hooks, {});
    deepEqual(
      config.diagnostics.map((d) => formatDiagnostic(d).replace(dir + "/", "")),
      [
        'a.jsonc:1:54: error: "timeoutMs" must be at least 1, got -1',
        'b.jsonc:1:12: error: unknown event "Sotp" (did you mean "Stop"?)',
      ],
    );
    await rejects(
      loadConfig({
        paths: [join(dir, "a.jsonc"), join(dir, "b.jsonc")],
        defaultLayers: false,
      }),
      /2 errors/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() warns when two layers define the same hook name, and runs both", async () => {
  const dir = await tempTree({
    "a.jsonc": `{"hooks": {"Stop": [{"name": "notify", "command": "true"}]}}`,
    "b.jsonc": `{"hooks": {"Stop": [{"name": "notify", "command": "false"}]}}`,
  });
  try {
    const config = await loadConfig({
      paths: [join(dir, "a.jsonc"), join(dir, "b.jsonc")],
      defaultLayers: false,
    });
    equal(config.hooks.Stop?.length, 2);
    match(
      formatDiagnostic(config.diagnostics[0]!),
      /warning: hook "notify" on Stop is also defined in .*a\.jsonc; both will run/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() accepts a plain array of paths, resolved against the project root", async () => {
  const dir = await tempTree({
    "h.jsonc": `{"hooks": {"Stop": [{"command": "true"}]}}`,
  });
  const cwd = Deno.cwd();
  try {
    Deno.chdir(dir);
    const config = await loadConfig(["h.jsonc"]);
    equal(
      config.hooks.Stop?.[0]?.source,
      join(await Deno.realPath(dir), "h.jsonc"),
    );
  } finally {
    Deno.chdir(cwd);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() merges commandAllowlist and httpAllowedUrls across layers", async () => {
  const dir = await tempTree({
    "a.jsonc": `{"commandAllowlist": ["lint-a"], "httpAllowedUrls": ["https://a.example/*"], "hooks": {}}`,
    "b.jsonc": `{"commandAllowlist": ["lint-b"], "hooks": {}}`,
  });
  try {
    const config = await loadConfig({
      paths: [join(dir, "a.jsonc"), join(dir, "b.jsonc")],
      defaultLayers: false,
    });
    deepEqual(config.commandAllowlist, ["lint-a", "lint-b"]);
    deepEqual(config.httpAllowedUrls, ["https://a.example/*"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test('loadConfig() refuses hook-granted allows when any counted layer says "hookGrants": "refuse"', async (t) => {
  const dir = await tempTree({
    "home/config.jsonc": `{"hookGrants": "forward"}`,
    "project/.hookgate/config.jsonc": `{"hookGrants": "refuse"}`,
    "forward.jsonc": `{"hookGrants": "forward"}`,
    "bad.jsonc": `{"hookGrants": "never"}`,
  });
  try {
    await t.step("a project may narrow the user's setting", async () => {
      const config = await loadConfig({ home: join(dir, "home"), projectRoot: join(dir, "project"), trust: "all" });
      equal(config.hookGrants, "refuse");
    });
    await t.step("a later layer saying forward does not widen it back", async () => {
      const config = await loadConfig({
        home: join(dir, "home"),
        projectRoot: join(dir, "project"),
        paths: [join(dir, "forward.jsonc")],
        trust: "all",
      });
      equal(config.hookGrants, "refuse");
    });
    await t.step("an untrusted project does not count", async () => {
      const config = await checkConfig({ home: join(dir, "home"), projectRoot: join(dir, "project") });
      equal(config.hookGrants, "forward");
    });
    await t.step("no layer says anything: forward", async () => {
      const config = await loadConfig({ defaultLayers: false });
      equal(config.hookGrants, "forward");
    });
    await t.step(
      "another value is an error that names the choices, and refuses: the file might have said so",
      async () => {
        const config = await checkConfig({ paths: [join(dir, "bad.jsonc")], defaultLayers: false });
        equal(config.ok, false);
        equal(config.hookGrants, "refuse");
        match(config.diagnostics.map(formatDiagnostic).join("\n"), /hookGrants.*"forward".*"refuse"/s);
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() merges models across layers and flags prompt hooks that cannot reach a model", async () => {
  const dir = await tempTree({
    "a.jsonc": `{"models": {"default": "fast", "fast": {"provider": "openai", "model": "m1"}}, "hooks": {}}`,
    "b.jsonc": `{"models": {"fast": {"provider": "anthropic", "model": "m2"}}, "hooks": {}}`,
    "c.jsonc": `{"hooks": {"Stop": [{"type": "prompt", "prompt": "p", "model": "nope"}]}}`,
    "d.jsonc": `{"models": {"default": "missing"}, "hooks": {}}`,
  });
  try {
    const merged = await loadConfig({ paths: [join(dir, "a.jsonc"), join(dir, "b.jsonc")], defaultLayers: false });
    deepEqual(merged.models, { default: "fast", endpoints: { fast: { provider: "anthropic", model: "m2" } } });
    const orphan = await loadConfig({ paths: [join(dir, "c.jsonc")], defaultLayers: false });
    match(
      formatDiagnostic(orphan.diagnostics[0]!),
      /warning: prompt hook "p" on Stop has no model endpoint named "nope"/,
    );
    const broken = await checkConfig({ paths: [join(dir, "d.jsonc")], defaultLayers: false });
    equal(broken.ok, false);
    match(
      formatDiagnostic(broken.diagnostics.at(-1)!),
      /error: models\.default names "missing", which no configuration layer defines/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checkConfig() gives the command hooks of every layer but the project's the agent's own directory, when it is below the project root", async (t) => {
  const dir = await Deno.realPath(
    await tempTree({
      "home/config.jsonc": `{"hooks": {"Stop": [{"name": "user", "command": "true"}]}}`,
      "home/claude-hooks.json": `{"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "true"},
        {"type": "http", "url": "http://127.0.0.1:1/hook"}
      ]}]}}`,
      "project/.hookgate/config.jsonc": `{"hooks": {"Stop": [{"name": "project", "command": "true"}]}}`,
      "project/src/.keep": "",
      "extra.jsonc": `{"hooks": {"Stop": [{"name": "explicit", "command": "true"}]}}`,
    }),
  );
  const options = {
    home: join(dir, "home"),
    agentHome: join(dir, "home"),
    projectRoot: join(dir, "project"),
    paths: [join(dir, "extra.jsonc")],
    caller: "claude" as const,
    trust: "all" as const,
  };
  const dirs = (config: Awaited<ReturnType<typeof checkConfig>>) =>
    config.hooks.Stop?.map((
      hook,
    ) => [
      hook.name ?? hook.type ?? "command",
      "projectDir" in hook ? hook.projectDir : hook.type === "http" ? "-" : null,
    ]);
  try {
    await t.step(
      "started in proj/src: the user's, moved and explicit hooks get proj/src; the project's none",
      async () => {
        const src = join(dir, "project", "src");
        deepEqual(dirs(await checkConfig({ ...options, callerProjectDir: src })), [
          ["user", src],
          ["command", src],
          ["http", "-"],
          ["project", null],
          ["explicit", src],
        ]);
      },
    );
    await t.step("started in the root: nothing changes", async () => {
      const config = await checkConfig({ ...options, callerProjectDir: join(dir, "project") });
      ok(config.hooks.Stop!.every((hook) => !("projectDir" in hook)));
      deepEqual(config.hooks, (await checkConfig(options)).hooks);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
