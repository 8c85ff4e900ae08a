// What a project's trust digest covers: every file a project hook or
// extension module can reach inside the project (and links and imports that
// lead outside it), so that no edit after trust runs without a new review.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { type Tree, tree } from "./_project_tree.ts";

/** Trusts the project, makes `change`, and says whether the project is still trusted. */
async function trustedAfter(t: Tree, change: () => Promise<void>): Promise<boolean> {
  await t.trust();
  const before = await t.load();
  equal(before.ok, true, before.diagnostics.map((d) => d.message).join("\n"));
  equal(before.project?.trusted, true, "trusted before the change");
  await change();
  const after = await t.load();
  equal(after.ok, true, after.diagnostics.map((d) => d.message).join("\n"));
  return after.project!.trusted;
}

const MODULE = `export default (api) => api.on("turn_start", () => {});\n`;

Deno.test("checkConfig() covers a link in the project's extensions directory and what it points to", async (t) => {
  await t.step("a link added after trust untrusts the project", async () => {
    await using tr = await tree({ ".hookgate/extensions/guard.ts": MODULE });
    await tr.write(join(tr.root, "elsewhere/evil.ts"), MODULE);
    equal(await trustedAfter(tr, () => tr.link(".hookgate/extensions/evil.ts", "../../../elsewhere/evil.ts")), false);
  });
  await t.step("editing what a trusted link points to untrusts the project", async () => {
    await using tr = await tree({ ".hookgate/extensions/guard.ts": MODULE });
    await tr.write(join(tr.root, "elsewhere/evil.ts"), MODULE);
    await tr.link(".hookgate/extensions/evil.ts", "../../../elsewhere/evil.ts");
    equal(await trustedAfter(tr, () => tr.write(join(tr.root, "elsewhere/evil.ts"), `${MODULE}// more\n`)), false);
  });
  await t.step("pointing a trusted link elsewhere untrusts the project", async () => {
    await using tr = await tree({ ".hookgate/extensions/guard.ts": MODULE, "a.ts": MODULE, "b.ts": MODULE });
    await tr.link(".hookgate/extensions/x.ts", "../../a.ts");
    equal(
      await trustedAfter(tr, async () => {
        await Deno.remove(join(tr.project, ".hookgate/extensions/x.ts"));
        await tr.link(".hookgate/extensions/x.ts", "../../b.ts");
      }),
      false,
    );
  });
  await t.step("the snapshot lists the link with where it points, and a target outside the project", async () => {
    await using tr = await tree({ ".hookgate/extensions/guard.ts": MODULE });
    await tr.write(join(tr.root, "elsewhere/evil.ts"), MODULE);
    await tr.link(".hookgate/extensions/evil.ts", "../../../elsewhere/evil.ts");
    const files = (await tr.load()).project!.snapshot.extensions;
    const link = files.find((file) => file.path === ".hookgate/extensions/evil.ts");
    ok(link !== undefined, JSON.stringify(files));
    equal(link.link, "../../../elsewhere/evil.ts");
    equal(link.target, join(tr.root, "elsewhere/evil.ts"));
    match(link.sha256, /^[0-9a-f]{64}$/);
  });
});

Deno.test("checkConfig() refuses project code past the bound, naming the directory and what to do", async (t) => {
  await t.step("more files than the bound in the extensions directory", async () => {
    await using tr = await tree({ ".hookgate/extensions/zz_guard.ts": MODULE });
    for (let i = 0; i < 1001; i++) await tr.write(`.hookgate/extensions/aaa/${i}.txt`, "");
    const config = await tr.load();
    equal(config.ok, false);
    const error = config.diagnostics.find((d) => d.severity === "error")!;
    match(error.message, /more than 1000 files/);
    match(error.message, /"\.hookgate\/extensions\/aaa"/);
    match(error.hint ?? "", /move/);
  });
  await t.step("more bytes than the bound beside a hook script", async () => {
    await using tr = await tree({
      ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh tools/guard.sh"}]}}`,
      "tools/guard.sh": "exit 0\n",
    });
    await Deno.writeFile(join(tr.project, "tools/data.bin"), new Uint8Array(17 * 1024 * 1024));
    const config = await tr.load();
    equal(config.ok, false);
    const error = config.diagnostics.find((d) => d.severity === "error")!;
    match(error.message, /more than 16 MiB/);
    match(error.message, /"tools"/);
    equal(error.file, join(tr.project, "tools"));
  });
});

Deno.test("checkConfig() covers what a linked directory holds", async () => {
  await using tr = await tree({
    ".hookgate/extensions/guard.ts": `import { name } from "./lib/name.ts";\n${MODULE}`,
  });
  await tr.write(join(tr.root, "shared/name.ts"), `export const name = "v1";\n`);
  await tr.link(".hookgate/extensions/lib", "../../../shared");
  equal(await trustedAfter(tr, () => tr.write(join(tr.root, "shared/name.ts"), `export const name = "v2";\n`)), false);
});

Deno.test("checkConfig() untrusts a project when a helper of its trusted code changes", async (t) => {
  const cases: { label: string; files: Record<string, string>; helper: string }[] = [
    {
      label: "a helper imported by a module a project layer lists",
      files: {
        ".hookgate/config.jsonc": `{"extensions": ["../tools/ext.ts"]}`,
        "tools/ext.ts": `import { x } from "./helper.ts";\n${MODULE}`,
        "tools/helper.ts": "export const x = 1;\n",
      },
      helper: "tools/helper.ts",
    },
    {
      label: "a library a hook script sources",
      files: {
        ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh .hookgate/hooks/guard.sh"}]}}`,
        ".hookgate/hooks/guard.sh": `. "$(dirname "$0")/lib.sh"\n`,
        ".hookgate/hooks/lib.sh": "exit 0\n",
      },
      helper: ".hookgate/hooks/lib.sh",
    },
    {
      label: "a script named inside sh -c",
      files: {
        ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh -c \\"sh x.sh\\""}]}}`,
        "x.sh": "exit 0\n",
      },
      helper: "x.sh",
    },
    {
      label: "a script without a slash or a known suffix",
      files: {
        ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh hookscript"}]}}`,
        hookscript: "exit 0\n",
      },
      helper: "hookscript",
    },
    {
      label: "a script under $PWD",
      files: {
        ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh \\"$PWD/x.sh\\""}]}}`,
        "x.sh": "exit 0\n",
      },
      helper: "x.sh",
    },
    {
      label: "an exec-form script inside bash -c",
      files: {
        ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "bash", "args": ["-c", "bash ./run.sh"]}]}}`,
        "run.sh": "exit 0\n",
      },
      helper: "run.sh",
    },
    {
      label: "a module an extension imports from outside the extensions directory",
      files: {
        ".hookgate/extensions/guard.ts": `import { x } from "../../src/x.ts";\n${MODULE}`,
        "src/x.ts": "export const x = 1;\n",
      },
      helper: "src/x.ts",
    },
    {
      label: "a module an extension imports dynamically by a literal path",
      files: {
        ".hookgate/extensions/guard.ts": `const { x } = await import("../../lib/y.ts");\n${MODULE}`,
        "lib/y.ts": "export const x = 1;\n",
      },
      helper: "lib/y.ts",
    },
    {
      label: "the sibling a Claude hook script imports",
      files: {
        ".claude/settings.json": JSON.stringify({
          hooks: {
            PreToolUse: [{
              matcher: "Bash",
              hooks: [{ type: "command", command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"' }],
            }],
          },
        }),
        ".claude/hooks/guard.py": "import util\nutil.check()\n",
        ".claude/hooks/util.py": "def check():\n    pass\n",
      },
      helper: ".claude/hooks/util.py",
    },
  ];
  for (const { label, files, helper } of cases) {
    await t.step(label, async () => {
      await using tr = await tree(files);
      equal(await trustedAfter(tr, () => tr.write(helper, `${files[helper]}# changed\n`)), false);
    });
  }
  await t.step("a file added beside a hook script", async () => {
    await using tr = await tree({
      ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh .hookgate/hooks/guard.sh"}]}}`,
      ".hookgate/hooks/guard.sh": `for f in "$(dirname "$0")"/*.sh; do :; done\n`,
    });
    equal(await trustedAfter(tr, () => tr.write(".hookgate/hooks/new.sh", "exit 0\n")), false);
  });
  await t.step("a script that was missing at trust and appears later", async () => {
    await using tr = await tree({
      ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh ./later/guard.sh || true"}]}}`,
    });
    equal(await trustedAfter(tr, () => tr.write("later/guard.sh", "exit 0\n")), false);
  });
});

Deno.test("checkConfig() covers a script directly in the project root with the root's own files, not the tree", async () => {
  await using tr = await tree({
    ".hookgate/config.jsonc": `{"hooks": {"Stop": [{"command": "sh ./guard.sh"}]}}`,
    "guard.sh": ". ./lib.sh\n",
    "lib.sh": "exit 0\n",
    "docs/notes.md": "unrelated\n",
  });
  const files = (await tr.load()).project!.snapshot.files.map((file) => file.path);
  ok(files.includes("guard.sh") && files.includes("lib.sh"), JSON.stringify(files));
  equal(files.includes("docs/notes.md"), false, "the whole repository is not hashed");
  equal(await trustedAfter(tr, () => tr.write("docs/notes.md", "edited\n")), true);
  equal(await trustedAfter(tr, () => tr.write("lib.sh", "exit 1\n")), false);
});

Deno.test("checkConfig() lists and hashes an extension module a project lists outside the project", async () => {
  await using tr = await tree({});
  const outside = join(tr.root, "world-writable/ext.ts");
  await tr.write(outside, MODULE);
  await tr.write(".hookgate/config.jsonc", JSON.stringify({ extensions: [outside] }));
  const snapshot = (await tr.load()).project!.snapshot;
  deepEqual(snapshot.extensions.map((file) => [file.path, file.outside]), [[outside, true]]);
  equal(await trustedAfter(tr, () => tr.write(outside, `${MODULE}// changed\n`)), false);
});
