// commandContext(): the temp directories and home a policy judges a shell
// call's paths in — the same for the gateway and for the corpus bench.

import { deepEqual, equal } from "node:assert/strict";
import { compilePolicy, loadShellParser } from "../../mod.ts";
import { commandContext } from "../../src/policy/command_context.ts";

await loadShellParser();

Deno.test("commandContext() counts $TMPDIR, /tmp and /var/tmp as temp directories", () => {
  const before = Deno.env.get("TMPDIR");
  try {
    Deno.env.delete("TMPDIR");
    deepEqual(commandContext({ cwd: "/p", projectDir: "/p" }).tempDirs, ["/tmp", "/var/tmp"]);
    Deno.env.set("TMPDIR", "/private/var/folders/x/T/");
    deepEqual(commandContext({ cwd: "/p", projectDir: "/p" }).tempDirs, [
      "/private/var/folders/x/T",
      "/tmp",
      "/var/tmp",
    ]);
  } finally {
    if (before === undefined) Deno.env.delete("TMPDIR");
    else Deno.env.set("TMPDIR", before);
  }
});

Deno.test("compilePolicy() with the destructive set lets rm -rf into /var/tmp through, and not beside it", () => {
  const policy = compilePolicy([{ kind: "user", path: "/h/config.jsonc", rules: { sets: ["destructive"] } }]);
  const bash = (command: string) => ({ toolName: "Bash", toolInput: { command }, cwd: "/p", projectDir: "/p" });
  equal(policy.decide(bash("rm -rf /var/tmp/build")), undefined);
  equal(policy.decide(bash("find /var/tmp/cache -name '*.tmp' -delete")), undefined);
  equal(policy.decide(bash("rm -rf /var/cache"))?.list, "deny");
});
