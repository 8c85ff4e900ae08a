import { deepEqual, equal } from "node:assert/strict";
// Imported as well as run, so that `deno test` type-checks the example.
import { lint, lintAfterEdit } from "../../examples/plugins/lint_after_edit.ts";

Deno.test("examples/plugins/lint_after_edit.ts installs, adds lint context after edits, and uninstalls cleanly", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", new URL("../../examples/plugins/lint_after_edit.ts", import.meta.url).pathname],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  equal(new TextDecoder().decode(stderr), "", "no warnings: the plugin declares capabilities.hooks: true");
  equal(
    new TextDecoder().decode(stdout),
    [
      "installed: lint-after-edit",
      `write → {"additionalContext":"Lint:\\nsrc/a.ts:1: trailing whitespace\\nsrc/a.ts:2: leftover debugger statement","contextAs":"context"}`,
      "edit → {}",
      "bash → {}",
      "uninstalled: lint-after-edit (hooks left: 0)",
      "write → {}",
      "",
    ].join("\n"),
  );
});

Deno.test("examples/plugins/lint_after_edit.ts: the plugin declares hooks and its lint finds what it says", () => {
  deepEqual(lintAfterEdit.capabilities, { hooks: true });
  deepEqual(lint("a.ts", "ok\nx \t\n  debugger;"), [
    "a.ts:2: trailing whitespace",
    "a.ts:3: leftover debugger statement",
  ]);
});
