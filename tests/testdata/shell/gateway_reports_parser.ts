// hook-run with its arguments, then whether the shell parser was loaded (on stderr).
// deno-lint-ignore-file no-console
import { main } from "../../../src/cli/main.ts";
import { shellParserLoaded } from "../../../src/shell/mod.ts";

const code = await main(Deno.args);
console.error(`shell parser loaded: ${shellParserLoaded()}`);
Deno.exit(code);
