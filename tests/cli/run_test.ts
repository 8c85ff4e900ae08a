import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

Deno.test("hook-run run shows a failed open hook's lenient reading beside its failure, and denies for a closed one", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cli-" }));
  try {
    const file = join(dir, "hooks.jsonc");
    const config = (failurePolicy: string) =>
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            name: "guard",
            dialect: "claude",
            command: "echo '{}'; exit 1",
            failurePolicy,
          }],
        },
      });
    await Deno.writeTextFile(file, config("open"));
    const args = ["run", "PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}', "--config", file];
    const human = await cli(args, { cwd: dir });
    equal(human.code, 0, human.stderr);
    match(human.stdout, /guard +command +\S+ +[\d.]+ ms +failed: exit, read as allow$/m);
    match(
      human.stderr,
      /warning: Hook "guard" \(command\) on PreToolUse failed: exit: exited with code 1; its answer is read/,
    );
    const json = JSON.parse((await cli([...args, "--json"], { cwd: dir })).stdout);
    equal(json.decision, "allow");
    equal(json.hooks[0].failure.kind, "exit");
    equal(json.hooks[0].action, "allow");

    await Deno.writeTextFile(file, config("closed"));
    const closed = await cli([...args, "--json"], { cwd: dir });
    equal(closed.code, 2, closed.stderr);
    const output = JSON.parse(closed.stdout);
    equal(output.decision, "block");
    equal(output.hooks[0].action, undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run run says when a hook granted the call, and how each hook answered", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cli-" }));
  try {
    const file = join(dir, "hooks.jsonc");
    await Deno.writeTextFile(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            name: "approver",
            dialect: "claude",
            stage: "mutate",
            command:
              `printf '{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"passed"}}'`,
          }],
        },
      }),
    );
    const human = await cli(["run", "PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}', "--config", file], {
      cwd: dir,
    });
    equal(human.code, 0, human.stderr);
    match(human.stdout, /approver +command +mutate +[\d.]+ ms +grant$/m);
    match(human.stdout, /^allowed, granted by a hook: passed$/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
