import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { type ConfigDiagnostic, HookRegistry, watchConfig } from "../../mod.ts";
import { delay, memoryLogger } from "../_helpers.ts";

const DEBOUNCE = 80;

function stopHooks(...names: string[]): string {
  return JSON.stringify({
    hooks: { Stop: names.map((name) => ({ name, command: "true" })) },
  });
}

/** Polls until `condition` holds (or fails the test after `ms`). */
async function until(
  condition: () => boolean,
  what: string,
  ms = 5000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await delay(20);
  }
}

/** Long enough for a debounced reload to have happened if one was due. */
const settle = () => delay(DEBOUNCE * 5);

async function setup(initial: string) {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const file = join(dir, "hooks.jsonc");
  await Deno.writeTextFile(file, initial);
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const errors: ConfigDiagnostic[][] = [];
  const watcher = await watchConfig({
    registry,
    logger,
    paths: [file],
    defaultLayers: false,
    debounceMs: DEBOUNCE,
    onError: (diagnostics) => errors.push(diagnostics),
  });
  const names = () => registry.list("Stop").map((entry) => entry.name);
  const cleanup = async () => {
    await watcher.close();
    await Deno.remove(dir, { recursive: true });
  };
  return { dir, file, registry, logger, errors, watcher, names, cleanup };
}

Deno.test("watchConfig() loads the configuration and reloads on an in-place write", async () => {
  const t = await setup(stopHooks("a"));
  try {
    deepEqual(t.names(), ["a"]);
    await Deno.writeTextFile(t.file, stopHooks("a", "b"));
    await until(() => t.names().length === 2, "the reload");
    equal(t.watcher.reloads, 1);
    deepEqual(t.logger.infos, [
      "Hooks reloaded (2 configured entries across 1 events)",
    ]);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() follows an atomic save (write a temp file, rename over)", async () => {
  const t = await setup(stopHooks("a"));
  try {
    const tmp = `${t.file}.tmp`;
    await Deno.writeTextFile(tmp, stopHooks("renamed"));
    await Deno.rename(tmp, t.file);
    await until(() => t.names()[0] === "renamed", "the reload after rename");
    await Deno.writeTextFile(tmp, stopHooks("renamed", "again"));
    await Deno.rename(tmp, t.file);
    await until(
      () => t.names().length === 2,
      "a second atomic save (the new inode is watched too)",
    );
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() debounces five rapid saves into one reload", async () => {
  const t = await setup(stopHooks("a"));
  try {
    for (let i = 1; i <= 5; i++) {
      await Deno.writeTextFile(
        t.file,
        stopHooks(...Array.from({ length: i + 1 }, (_, n) => `h${n}`)),
      );
      await delay(10);
    }
    await until(() => t.names().length === 6, "the reload");
    await settle();
    equal(t.watcher.reloads, 1);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() turns a broken entry into a placeholder, keeps the previous set for a file it cannot parse, and reloads when fixed", async () => {
  const t = await setup(stopHooks("good"));
  try {
    // An entry-level error: the rest of the file reloads, as a fresh start would load it.
    await Deno.writeTextFile(
      t.file,
      `{"hooks": {"Stop": [{"name": "kept", "command": "true"}, {"name": "bad", "command": "true", "timeoutMs": 0}],
        "PreToolUse": [{"name": "guard", "command": "true", "timeoutMs": 0, "failurePolicy": "closed"}]}}`,
    );
    await until(() => t.errors.length === 1, "the error report");
    deepEqual(t.names(), ["kept"]);
    deepEqual(t.registry.list("PreToolUse").map((entry) => [entry.name, entry.transport]), [["guard", "placeholder"]]);
    match(t.errors[0]![0]!.message, /"timeoutMs" must be at least 1, got 0/);
    match(
      t.logger.errors[0]!,
      /Hook config has 2 errors; what they break does not run \(closed and policy hooks deny instead\), the rest is live:\n.*hooks\.jsonc:1:\d+: error/,
    );
    equal(t.watcher.config.placeholders?.length, 2);
    await Deno.writeTextFile(
      t.file,
      `{"hooks": {"Stop": [{"name": "fixed", "command": "true",}]}}`,
    );
    await until(() => t.names()[0] === "fixed", "the reload after the fix");
    equal(t.registry.has("PreToolUse"), false);
    // A half-written save cannot be read at all: the previous set stays live.
    await Deno.writeTextFile(
      t.file,
      `{"hooks": {"Stop": [{"name": "half written"`,
    );
    await until(() => t.errors.length === 2, "the parse error report");
    deepEqual(t.names(), ["fixed"]);
    equal(t.registry.has("PreToolUse"), false);
    match(t.logger.errors[1]!, /Hook config has 4 errors; keeping the previous hooks:\n.*invalid JSONC/);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() does not reload on edits that leave the hooks unchanged", async () => {
  const t = await setup(stopHooks("a"));
  try {
    await Deno.writeTextFile(
      t.file,
      `{
  // a comment, a reordered key and an unrelated setting
  "commandAllowlist": ["my-tool"],
  "hooks": {"Stop": [{"command": "true", "name": "a"}]}
}`,
    );
    await settle();
    await settle();
    equal(t.watcher.reloads, 0);
    deepEqual(t.logger.infos, []);
    await Deno.writeTextFile(join(t.dir, "unrelated.txt"), "x");
    await settle();
    equal(t.watcher.reloads, 0);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() drops a deleted file's hooks with one warning, and brings them back when it returns", async () => {
  // Before: a deletion kept the previous hooks, and every later reload was
  // refused with the same warning until the file returned.
  const t = await setup(stopHooks("a"));
  try {
    await Deno.remove(t.file);
    await until(() => t.names().length === 0, "the deleted file's hooks to go");
    deepEqual(t.logger.warnings.length, 1);
    match(t.logger.warnings[0]!, /hooks\.jsonc was deleted; its hooks are removed until it returns$/);
    deepEqual(t.errors, [], "a missing file is no configuration error once watching");
    await Deno.writeTextFile(t.file, stopHooks("back"));
    await until(() => t.names()[0] === "back", "the reload when the file returns");
    equal(t.logger.warnings.length, 1);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() keeps reloading the other layers while one is deleted", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const project = join(dir, ".hookgate", "config.jsonc");
  const explicit = join(dir, "extra", "hooks.jsonc");
  await Deno.mkdir(join(dir, ".hookgate"));
  await Deno.mkdir(join(dir, "extra"));
  await Deno.writeTextFile(project, stopHooks("p1"));
  await Deno.writeTextFile(explicit, stopHooks("e1"));
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const watcher = await watchConfig({
    registry,
    logger,
    projectRoot: dir,
    home: join(dir, "home"),
    paths: [explicit],
    debounceMs: DEBOUNCE,
    trust: "all", // about deletion; trust has its own tests
  });
  const names = () => registry.list("Stop").map((entry) => entry.name).join();
  try {
    equal(names(), "p1,e1");
    await Deno.remove(project);
    await until(() => names() === "e1", "the project layer's hooks to go");
    await Deno.writeTextFile(explicit, stopHooks("e2"));
    await until(() => names() === "e2", "an edit of the explicit layer while the project layer is gone");
    await Deno.writeTextFile(project, stopHooks("p2"));
    await until(() => names() === "p2,e2", "the project layer's return");

    await Deno.remove(explicit);
    await until(() => names() === "p2", "the explicit layer's hooks to go");
    await Deno.writeTextFile(project, stopHooks("p3"));
    await until(() => names() === "p3", "an edit of the project layer while the explicit layer is gone");
    await Deno.writeTextFile(explicit, stopHooks("e3"));
    await until(() => names() === "p3,e3", "the explicit layer's return");
    deepEqual(logger.warnings.map((w) => w.replace(dir, "<dir>")), [
      "Hook config <dir>/.hookgate/config.jsonc was deleted; its hooks are removed until it returns",
      "Hook config <dir>/extra/hooks.jsonc was deleted; its hooks are removed until it returns",
    ]);
    deepEqual(logger.errors, []);
  } finally {
    await watcher.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watchConfig() follows a layer's directory that is removed and made again", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const folder = join(dir, ".hookgate");
  await Deno.mkdir(folder);
  await Deno.writeTextFile(join(folder, "config.jsonc"), stopHooks("first"));
  const registry = new HookRegistry();
  const watcher = await watchConfig({
    registry,
    projectRoot: dir,
    home: join(dir, "home"),
    debounceMs: DEBOUNCE,
    trust: "all", // about following the directory; trust has its own tests
  });
  const names = () => registry.list("Stop").map((entry) => entry.name).join();
  try {
    equal(names(), "first");
    // Within one debounce: the watch on the old directory dies with it, and
    // the new one has the same path.
    await Deno.remove(folder, { recursive: true });
    await Deno.mkdir(folder);
    await Deno.writeTextFile(join(folder, "config.jsonc"), stopHooks("second"));
    await until(() => names() === "second", "the file in the new directory");
    await Deno.writeTextFile(join(folder, "config.jsonc"), stopHooks("third"));
    await until(() => names() === "third", "an edit in the new directory");
  } finally {
    await watcher.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watchConfig() leaves in-process hooks alone across reloads", async () => {
  const t = await setup(stopHooks("configured"));
  try {
    t.registry.registerInProcess("Stop", "*", () => {}, "plugin", {
      name: "plugin-hook",
    });
    await Deno.writeTextFile(t.file, stopHooks("configured", "more"));
    await until(() => t.names().length === 3, "the reload");
    deepEqual(t.names(), ["configured", "more", "plugin-hook"]);
  } finally {
    await t.cleanup();
  }
});

Deno.test("watchConfig() picks up a project layer created after it started (peer bug: watcher misses new files)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const registry = new HookRegistry();
  const watcher = await watchConfig({
    registry,
    projectRoot: dir,
    home: join(dir, "home"),
    debounceMs: DEBOUNCE,
    trust: "all", // this test is about noticing the file; trust has its own tests
  });
  try {
    equal(registry.has("Stop"), false);
    await Deno.mkdir(join(dir, ".hookgate"));
    await Deno.writeTextFile(
      join(dir, ".hookgate", "config.jsonc"),
      stopHooks("late"),
    );
    await until(
      () => registry.list("Stop")[0]?.name === "late",
      "the new project file",
    );
    await Deno.writeTextFile(
      join(dir, ".hookgate", "config.jsonc"),
      stopHooks("late", "later"),
    );
    await until(
      () => registry.list("Stop").length === 2,
      "an edit of the new file",
    );
  } finally {
    await watcher.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watchConfig() starts on a broken configuration with what is good, and reports the errors", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const logger = memoryLogger();
  const registry = new HookRegistry();
  try {
    await Deno.writeTextFile(
      join(dir, "h.jsonc"),
      `{"hooks": {"Stp": [], "Stop": [{"name": "good", "command": "true"}]}}`,
    );
    const watcher = await watchConfig({ registry, logger, paths: [join(dir, "h.jsonc")], defaultLayers: false });
    await watcher.close();
    equal(watcher.config.ok, false);
    deepEqual(registry.list("Stop").map((entry) => entry.name), ["good"]);
    match(logger.errors[0]!, /did you mean "Stop"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watchConfig() applies policyOnly on every reload", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-watch-" });
  const file = join(dir, "h.jsonc");
  await Deno.writeTextFile(
    file,
    `{"hooks": {"Stop": [{"name": "p", "command": "true", "policy": true}, {"name": "o", "command": "true"}]}}`,
  );
  const registry = new HookRegistry();
  const watcher = await watchConfig({
    registry,
    paths: [file],
    defaultLayers: false,
    debounceMs: DEBOUNCE,
    policyOnly: true,
  });
  try {
    deepEqual(registry.list("Stop").map((e) => e.name), ["p"]);
    await Deno.writeTextFile(
      file,
      `{"hooks": {"Stop": [{"name": "p2", "command": "true", "policy": true}, {"name": "o", "command": "true"}]}}`,
    );
    await until(() => registry.list("Stop")[0]?.name === "p2", "the reload");
    deepEqual(registry.list("Stop").map((e) => e.name), ["p2"]);
  } finally {
    await watcher.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ConfigWatcher.close() cancels a pending reload and releases everything", async () => {
  const t = await setup(stopHooks("a"));
  await Deno.writeTextFile(t.file, stopHooks("b"));
  await delay(5);
  await t.cleanup(); // the sanitizers fail the test if a timer or the watcher survives
  await t.watcher.close(); // closing twice is fine
  await settle();
  equal(t.watcher.reloads, 0);
  deepEqual(t.names(), ["a"]);
});
