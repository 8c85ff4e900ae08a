// Runs one HTTP hook from a JSON spec (argv[0]) and prints the detailed
// result: lets tests observe hookgate under narrow --allow-net flags.
// deno-lint-ignore-file no-console
import { runHttpHookDetailed } from "../../mod.ts";

const result = await runHttpHookDetailed(JSON.parse(Deno.args[0]!), {
  event: "Stop",
  cwd: "/",
});
console.log(JSON.stringify(result));
