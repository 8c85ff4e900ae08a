// deno-lint-ignore-file no-console
// hook-run serve for bench/load.ts, with a probe: on SIGUSR2 it collects
// garbage (run it with --v8-flags=--expose-gc) and prints its memory on
// stderr as "probe rss=<bytes> heap=<bytes>". The server is the real one;
// only the probe is added, here and not in the CLI.
//
//   deno run --v8-flags=--expose-gc <hook-run flags> bench/_serve_probe.ts [serve flags]

import { main } from "../src/cli/main.ts";

Deno.addSignalListener("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = Deno.memoryUsage();
  console.error(`probe rss=${rss} heap=${heapUsed}`);
});

Deno.exit(await main(["serve", ...Deno.args]));
