// The file writes of hook-run install and import-claude: atomic, keeping a
// file's mode and its symbolic link, and never over an edit made meanwhile.

import { equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { backUp, changedSince, readJsonFile, replaceFile, writeTarget } from "../../src/install/json_file.ts";

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-json-file-" }));
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const modeOf = async (path: string) => (await Deno.stat(path)).mode! & 0o777;
const names = async (dir: string) => (await Array.fromAsync(Deno.readDir(dir))).map((entry) => entry.name).sort();
function deepNames(actual: string[], expected: string[]) {
  equal(actual.join(" "), expected.join(" "), "no temporary file left behind");
}

Deno.test({
  name: "replaceFile() keeps an existing file's mode, and gives a new one the mode it is told",
  ignore: Deno.build.os === "windows",
  fn: () =>
    withDir(async (dir) => {
      const secret = join(dir, "settings.json");
      await Deno.writeTextFile(secret, "{}");
      await Deno.chmod(secret, 0o600);
      ok(await replaceFile(secret, '{"a": 1}'));
      equal(await modeOf(secret), 0o600);
      const shared = join(dir, "shared.json");
      await Deno.writeTextFile(shared, "{}");
      await Deno.chmod(shared, 0o644);
      await replaceFile(shared, "{}", { mode: 0o600 });
      equal(await modeOf(shared), 0o644, "an existing file's own mode wins over the mode for a new one");
      await replaceFile(shared, "{}", { mode: 0o600, keepMode: false });
      equal(await modeOf(shared), 0o600, "keepMode: false");
      const created = join(dir, "new", "hooks.json");
      await replaceFile(created, "{}", { mode: 0o600 });
      equal(await modeOf(created), 0o600);
      await replaceFile(join(dir, "bin"), "#!/bin/sh\n", { mode: 0o755, keepMode: false });
      equal(await modeOf(join(dir, "bin")), 0o755);
      deepNames(await names(dir), ["bin", "new", "settings.json", "shared.json"]);
    }),
});

Deno.test({
  name: "replaceFile() writes through a symbolic link: the link stays, the file it points to is replaced beside itself",
  ignore: Deno.build.os === "windows",
  fn: () =>
    withDir(async (dir) => {
      await Deno.mkdir(join(dir, "dotfiles"));
      await Deno.mkdir(join(dir, ".claude"));
      const real = join(dir, "dotfiles", "claude.json");
      await Deno.writeTextFile(real, "{}");
      await Deno.chmod(real, 0o640);
      // A chain: .claude/settings.json → ../dotfiles/current.json → claude.json
      await Deno.symlink("claude.json", join(dir, "dotfiles", "current.json"));
      const link = join(dir, ".claude", "settings.json");
      await Deno.symlink("../dotfiles/current.json", link);
      equal(await writeTarget(link), real);
      ok(await replaceFile(link, '{"x": 1}'));
      ok((await Deno.lstat(link)).isSymlink);
      equal(await Deno.readLink(link), "../dotfiles/current.json");
      equal(await Deno.readTextFile(real), '{"x": 1}');
      equal(await modeOf(real), 0o640);
      const backup = await backUp(link);
      equal(join(backup, ".."), join(dir, "dotfiles"), "the backup is beside the file, not the link");
      equal(await Deno.readTextFile(backup), '{"x": 1}');
      equal(await modeOf(backup), 0o640);
      deepNames(await names(join(dir, ".claude")), ["settings.json"]);
    }),
});

Deno.test({
  name: "readJsonFile() and replaceFile() refuse a symbolic link to nothing, naming it",
  ignore: Deno.build.os === "windows",
  fn: () =>
    withDir(async (dir) => {
      const link = join(dir, "settings.json");
      await Deno.symlink("dotfiles/missing.json", link);
      await rejects(readJsonFile(link, "the Claude settings file"), /is a symbolic link to dotfiles\/missing\.json/);
      await rejects(replaceFile(link, "{}"), /symbolic link/);
      ok((await Deno.lstat(link)).isSymlink, "the link stays");
    }),
});

Deno.test("replaceFile() with expect writes nothing when the file changed since it was read", () =>
  withDir(async (dir) => {
    const path = join(dir, "settings.json");
    await Deno.writeTextFile(path, '{"a": 1}');
    const read = await readJsonFile(path, "the file");
    equal(await changedSince(path, read), false);
    // Someone edits it meanwhile.
    await Deno.writeTextFile(path, '{"a": 1, "theme": "dark"}');
    equal(await changedSince(path, read), true);
    equal(await replaceFile(path, '{"a": 2}', { expect: read!.text }), false);
    equal(await Deno.readTextFile(path), '{"a": 1, "theme": "dark"}');
    deepNames(await names(dir), ["settings.json"]);
    // A file that must still not exist.
    const created = join(dir, "created.json");
    await Deno.writeTextFile(created, "{}");
    equal(await replaceFile(created, "[]", { expect: null }), false);
    equal(await Deno.readTextFile(created), "{}");
    ok(await replaceFile(path, '{"a": 3}', { expect: '{"a": 1, "theme": "dark"}' }));
    equal(await Deno.readTextFile(path), '{"a": 3}');
  }));
