import { deepEqual } from "node:assert/strict";
import { formatDiagnostic } from "../mod.ts";
import { parseHooksConfig } from "../src/config/mod.ts";
import { haproxyConfig } from "../bench/_haproxy.ts";

Deno.test("README.md: every jsonc configuration example validates without errors", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const blocks = [...readme.matchAll(/```jsonc\n([\s\S]*?)```/g)].map((match) => match[1]!);
  deepEqual(blocks.length >= 2, true, "the README shows a native and a Wuu example");
  for (const [index, block] of blocks.entries()) {
    const config = parseHooksConfig(block, { path: `README.md jsonc block ${index + 1}` });
    const errors = config.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    deepEqual(errors, []);
  }
});

Deno.test("README.md: the load balancer example is the HAProxy configuration bench/fleet.ts runs", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const blocks = [...readme.matchAll(/```haproxy\n([\s\S]*?)```/g)].map((match) => match[1]!);
  deepEqual(blocks.length, 1, "one HAProxy example");
  // The example leaves out the global section and the bench's stats page.
  const config = haproxyConfig({ front: 8787, stats: 8790, servers: [8801, 8802, 8803] });
  const shown = config.slice(config.indexOf("defaults"), config.indexOf("frontend stats"));
  deepEqual(blocks[0]!.trimEnd(), shown.trimEnd());
});
