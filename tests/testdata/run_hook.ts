// Runs one command hook from a JSON spec (argv[0]) and prints the detailed
// result as JSON: lets tests observe hookgate under narrow Deno permissions.
// deno-lint-ignore-file no-console
import { runShellHookDetailed } from "../../mod.ts";

const spec = JSON.parse(Deno.args[0]!);
const result = await runShellHookDetailed(spec, {
  event: "PreToolUse",
  cwd: Deno.cwd(),
  toolName: "bash",
  toolInput: {},
});
console.log(JSON.stringify(result));
