import { equal } from "node:assert/strict";

async function runExample(name: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      new URL(`../examples/${name}`, import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("examples/in_process.ts rewrites, blocks and adds context as documented", async () => {
  const out = await runExample("in_process.ts");
  equal(
    out,
    [
      `bash "ls" → {"input":{"command":"ls -la"}}`,
      `bash "rm -rf /" → {"block":true,"reason":"rm -rf is blocked by policy"}`,
      `bash "git status" → {}`,
      `write → {"additionalContext":"Remember to run the linter.","contextAs":"context"}`,
      "",
    ].join("\n"),
  );
});
