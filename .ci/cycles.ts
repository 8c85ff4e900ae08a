// deno-lint-ignore-file no-console
// The cycle and size checks: no two files of src/ import each other through
// any chain of imports (type-only imports included), no two folders do
// (a folder stands for the files directly in it, so a parent folder whose
// files import a subfolder that imports them back is a circle too), and no
// source file is over MAX_LINES lines. Run by `deno task layers` beside the
// room check in layers.ts.

import { dirname, join, relative, resolve } from "node:path";
import { relativeImports, sourceFiles } from "./_imports.ts";

/** The most lines a source file of src/ may have. */
export const MAX_LINES = 400;

/** Every import between files of `src/` under `root`, file → the files it imports. */
export async function importGraph(root: string): Promise<Map<string, Set<string>>> {
  const src = join(root, "src");
  const graph = new Map<string, Set<string>>();
  for await (const file of sourceFiles(src)) {
    const targets = new Set<string>();
    for (const target of await relativeImports(file)) {
      if (target.startsWith(src + "/") && target !== file) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/**
 * The circles of a graph: each strongly connected set of more than one
 * node, its nodes sorted; the circles sorted by their first node.
 */
export function circles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      for (;;) {
        const member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
        if (member === node) break;
      }
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The same graph between folders: a folder imports another when one of its own files imports one of the other's. */
export function folderGraph(files: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = dirname(file);
    const set = folders.get(from) ?? new Set<string>();
    folders.set(from, set);
    for (const target of targets) if (dirname(target) !== from) set.add(dirname(target));
  }
  return folders;
}

/** One problem the checks found. */
export interface CycleProblem {
  kind: "file circle" | "folder circle" | "long file";
  what: string;
}

/** Every file circle, folder circle and long file under `root`. */
export async function checkCycles(root: string): Promise<CycleProblem[]> {
  const graph = await importGraph(root);
  const problems: CycleProblem[] = [];
  for (const circle of circles(graph)) problems.push({ kind: "file circle", what: circle.join(" ↔ ") });
  for (const circle of circles(folderGraph(graph))) problems.push({ kind: "folder circle", what: circle.join(" ↔ ") });
  for (const file of [...graph.keys()].sort()) {
    const lines = (await Deno.readTextFile(join(root, file))).split("\n").length - 1;
    if (lines > MAX_LINES) problems.push({ kind: "long file", what: `${file} (${lines} lines)` });
  }
  return problems;
}

if (import.meta.main) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
  const problems = await checkCycles(root);
  for (const problem of problems) console.error(`${problem.kind}: ${problem.what}`);
  if (problems.length > 0) {
    console.error(
      `cycles: ${problems.length} problem(s): no import circle between files or folders, no file over ${MAX_LINES} lines`,
    );
    Deno.exit(1);
  }
  console.log(`cycles: ok (no import circle between files or folders, no file over ${MAX_LINES} lines)`);
}
