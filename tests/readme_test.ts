// The README and the pages under docs/ are tested as code: their TypeScript
// blocks run under `deno test --doc`; this file checks what that does not —
// the configuration examples, the HAProxy example, and every link.
import { deepEqual } from "node:assert/strict";
import { formatDiagnostic } from "../mod.ts";
import { parseHooksConfig } from "../src/config/mod.ts";
import { haproxyConfig } from "../bench/_haproxy.ts";

const ROOT = new URL("../", import.meta.url);

/**
 * Pages other branches are adding (the agents' set-up guides), linked from the
 * README already. Each must not exist yet: once it does, it leaves this list
 * and its links are checked like every other.
 */
const PENDING_PAGES: readonly string[] = [];

/** README.md and every page under docs/, as `[path relative to the root, text]`. */
async function guidePages(): Promise<[string, string][]> {
  const paths = ["README.md"];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      if (entry.isDirectory) await walk(`${dir}${entry.name}/`);
      else if (entry.name.endsWith(".md")) paths.push(`${dir}${entry.name}`);
    }
  };
  await walk("docs/");
  return await Promise.all(
    paths.sort().map(async (path) => [path, await Deno.readTextFile(new URL(path, ROOT))] as [string, string]),
  );
}

/** The fenced blocks of one language in a markdown text. */
function blocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```", "gm"))].map((match) => match[1]!);
}

/** The anchors GitHub gives a markdown text's headings. */
function anchors(text: string): Set<string> {
  const result = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#+\s+(.*)$/.exec(line);
    if (heading) result.add(heading[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, "").replaceAll(" ", "-"));
  }
  return result;
}

/** The targets of a markdown text's inline links, outside code. */
function links(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** A page's link targets that lead nowhere: a missing file, or an anchor no heading has. */
async function brokenLinks(path: string, text: string): Promise<string[]> {
  const broken: string[] = [];
  for (const target of links(text)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file = "", anchor] = target.split("#");
    const url = new URL(file, new URL(path, ROOT));
    const relative = url.href.slice(ROOT.href.length);
    if (PENDING_PAGES.includes(relative)) continue;
    let linked: string;
    try {
      linked = file === "" ? text : (await Deno.stat(url)).isFile ? await Deno.readTextFile(url) : "";
    } catch {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && !anchors(linked).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

Deno.test("README.md and docs/: every jsonc configuration example validates without errors", async () => {
  let count = 0;
  for (const [path, text] of await guidePages()) {
    for (const [index, block] of blocks(text, "jsonc").entries()) {
      count++;
      const config = parseHooksConfig(block, { path: `${path} jsonc block ${index + 1}` });
      const errors = config.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
      deepEqual(errors, []);
    }
  }
  deepEqual(count >= 2, true, "the docs show a native and a Wuu example");
});

Deno.test("README.md and docs/: the load balancer example is the HAProxy configuration bench/fleet.ts runs", async () => {
  const shown = (await guidePages()).flatMap(([, text]) => blocks(text, "haproxy"));
  deepEqual(shown.length, 1, "one HAProxy example");
  // The example leaves out the global section and the bench's stats page.
  const config = haproxyConfig({ front: 8787, stats: 8790, servers: [8801, 8802, 8803] });
  const expected = config.slice(config.indexOf("defaults"), config.indexOf("frontend stats"));
  deepEqual(shown[0]!.trimEnd(), expected.trimEnd());
});

/** Other pages that link into the guide. */
const LINKING_PAGES: readonly string[] = ["ARCHITECTURE.md", "BENCHMARKS.md", "examples/claude/README.md"];

Deno.test("README.md and docs/: every relative link leads to a file, and every #anchor to a heading", async (t) => {
  const others = await Promise.all(
    LINKING_PAGES.map(async (path) => [path, await Deno.readTextFile(new URL(path, ROOT))] as [string, string]),
  );
  for (const [path, text] of [...await guidePages(), ...others]) {
    await t.step(path, async () => deepEqual(await brokenLinks(path, text), []));
  }
  await t.step("pages other branches add are not there yet (else they leave PENDING_PAGES)", async () => {
    const present = [];
    for (const page of PENDING_PAGES) {
      if (await Deno.stat(new URL(page, ROOT)).then(() => true, () => false)) present.push(page);
    }
    deepEqual(present, []);
  });
});
