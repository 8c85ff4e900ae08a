// findProjectRoot(): the one rule every front end finds hookgate's project
// by — the nearest directory up holding .hookgate/, else an agent's project
// file, else (Codex) the git root — and where it never looks.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { findProjectRoot } from "../../mod.ts";

/** A throwaway tree: `paths` ending in "/" are directories, others files; `base` is real and private (0700). */
async function withTree(paths: string[], fn: (base: string) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-root-" }));
  try {
    for (const path of paths) {
      if (path.endsWith("/")) await Deno.mkdir(join(base, path), { recursive: true });
      else {
        await Deno.mkdir(join(base, path, ".."), { recursive: true });
        await Deno.writeTextFile(join(base, path), "{}");
      }
    }
    await fn(base);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

Deno.test("findProjectRoot() finds the nearest .hookgate/ above the agent's directory", async (t) => {
  await withTree(
    ["home/", "proj/.hookgate/", "proj/src/lib/", "proj/pkg/.hookgate/", "proj/pkg/src/"],
    async (base) => {
      const home = join(base, "home");
      await t.step("from a subdirectory, the project above", async () => {
        deepEqual(await findProjectRoot(join(base, "proj/src/lib"), { home }), {
          root: join(base, "proj"),
          start: join(base, "proj/src/lib"),
          marker: ".hookgate",
        });
      });
      await t.step("from the project itself", async () => {
        equal((await findProjectRoot(join(base, "proj"), { home })).root, join(base, "proj"));
      });
      await t.step("a nested project is the nearer one", async () => {
        equal((await findProjectRoot(join(base, "proj/pkg/src"), { home })).root, join(base, "proj/pkg"));
      });
      await t.step("a relative directory, and one reached through a link, are resolved", async () => {
        await Deno.symlink(join(base, "proj/src"), join(base, "alias"));
        const found = await findProjectRoot(join(base, "alias/lib"), { home });
        deepEqual([found.root, found.start], [join(base, "proj"), join(base, "proj/src/lib")]);
      });
    },
  );
});

Deno.test("findProjectRoot() counts a .hookgate that is a link leading nowhere: reading it then fails closed", async () => {
  await withTree(["home/", "proj/src/"], async (base) => {
    await Deno.symlink(join(base, "gone"), join(base, "proj/.hookgate"));
    equal((await findProjectRoot(join(base, "proj/src"), { home: join(base, "home") })).root, join(base, "proj"));
  });
});

Deno.test("findProjectRoot() never looks above the git root", async () => {
  await withTree(["home/", "outer/.hookgate/", "outer/repo/.git/", "outer/repo/src/"], async (base) => {
    const found = await findProjectRoot(join(base, "outer/repo/src"), { home: join(base, "home") });
    deepEqual(found, { root: join(base, "outer/repo/src"), start: join(base, "outer/repo/src") });
  });
  // A worktree's or a submodule's .git is a file: the same bound.
  await withTree(["home/", "outer/.hookgate/", "outer/repo/.git", "outer/repo/src/"], async (base) => {
    equal(
      (await findProjectRoot(join(base, "outer/repo/src"), { home: join(base, "home") })).root,
      join(base, "outer/repo/src"),
    );
  });
});

Deno.test("findProjectRoot() never looks above the home directory, whose agent files are the user's own", async () => {
  await withTree(
    [".hookgate/", "home/.claude/settings.json", "home/.gemini/settings.json", "home/notes/"],
    async (base) => {
      const home = join(base, "home");
      deepEqual(await findProjectRoot(join(home, "notes"), { home }), {
        root: join(home, "notes"),
        start: join(home, "notes"),
      });
      // The home's own .hookgate/ is a project's, as anywhere.
      await Deno.mkdir(join(home, ".hookgate"));
      equal((await findProjectRoot(join(home, "notes"), { home })).root, home);
    },
  );
});

Deno.test("findProjectRoot() never looks in a directory others may write to, such as /tmp", async () => {
  await withTree(["home/", "shared/proj/src/", "shared/.hookgate/"], async (base) => {
    await Deno.chmod(join(base, "shared"), 0o777);
    const found = await findProjectRoot(join(base, "shared/proj/src"), { home: join(base, "home") });
    equal(found.root, join(base, "shared/proj/src"));
  });
});

Deno.test("findProjectRoot() takes an agent's project file when no .hookgate/ is found, and .hookgate/ before a nearer one", async (t) => {
  await withTree(
    [
      "home/",
      "a/.claude/settings.json",
      "a/src/",
      "b/.gemini/settings.json",
      "b/.git/",
      "b/x/y/",
      "c/.hookgate/",
      "c/pkg/.codex/hooks.json",
      "c/pkg/src/",
    ],
    async (base) => {
      const home = join(base, "home");
      await t.step("Claude's settings mark the project", async () => {
        deepEqual(await findProjectRoot(join(base, "a/src"), { home }), {
          root: join(base, "a"),
          start: join(base, "a/src"),
          marker: ".claude/settings.json",
        });
      });
      await t.step("Gemini's settings at the git root", async () => {
        equal((await findProjectRoot(join(base, "b/x/y"), { home, agent: "gemini" })).marker, ".gemini/settings.json");
      });
      await t.step("a .hookgate/ further up wins: its policy holds in every subdirectory", async () => {
        equal((await findProjectRoot(join(base, "c/pkg/src"), { home })).root, join(base, "c"));
      });
    },
  );
});

Deno.test("findProjectRoot() takes the git root as Codex's project when nothing else marks one", async () => {
  await withTree(["home/", "repo/.git/", "repo/src/deep/"], async (base) => {
    const home = join(base, "home");
    deepEqual(await findProjectRoot(join(base, "repo/src/deep"), { home, agent: "codex" }), {
      root: join(base, "repo"),
      start: join(base, "repo/src/deep"),
      marker: ".git",
    });
    // Gemini CLI takes its directory as the project.
    equal(
      (await findProjectRoot(join(base, "repo/src/deep"), { home, agent: "gemini" })).root,
      join(base, "repo/src/deep"),
    );
  });
});
