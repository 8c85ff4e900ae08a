import { equal } from "node:assert/strict";
import { posix } from "node:path";
import { basename, dirname, isAbsolute, join, relative, resolve, SEP } from "../../src/_internal/path.ts";

// The helpers replace node:path on the start path; on POSIX they are held
// here to node:path's own answers for every combination of these segments
// (paths with doubled slashes are normalized by hookgate before they get
// here: node:path keeps some of them, e.g. dirname("a//b") is "a/").
const SEGMENTS = [
  "",
  ".",
  "..",
  "/",
  "//",
  "a",
  "b/",
  "/a",
  "a/b",
  "a//b/",
  "./a",
  "../a",
  "a/..",
  "a/../..",
  "/..",
  "/a/./b/../c/",
  ".a",
  "..a",
  "a.",
  "é",
  "a b",
];

const cases: string[][] = [];
for (const first of SEGMENTS) {
  cases.push([first]);
  for (const second of SEGMENTS) cases.push([first, second]);
}
cases.push(["/a", "b", "../c", "./d/"], ["a", "/b", "c"], ["", ""], []);
for (const path of ["//a", "///a//b//", "/a/b/", "a/b/c.ts", "/a/b/../../..", "..//..", "/.hookgate/config.jsonc"]) {
  cases.push([path], [path, "/a/b"], ["/a/b", path]);
}

Deno.test({
  name: "path helpers answer as node:path's posix functions do",
  ignore: Deno.build.os === "windows",
  fn() {
    equal(SEP, posix.sep);
    for (const paths of cases) {
      const shown = JSON.stringify(paths);
      equal(join(...paths), posix.join(...paths), `join ${shown}`);
      equal(resolve(...paths), posix.resolve(...paths), `resolve ${shown}`);
      if (paths.length === 1) {
        equal(isAbsolute(paths[0]!), posix.isAbsolute(paths[0]!), `isAbsolute ${shown}`);
        if (!paths[0]!.includes("//")) {
          equal(dirname(paths[0]!), posix.dirname(paths[0]!), `dirname ${shown}`);
          equal(basename(paths[0]!), posix.basename(paths[0]!), `basename ${shown}`);
        }
      }
      if (paths.length === 2) {
        equal(relative(paths[0]!, paths[1]!), posix.relative(paths[0]!, paths[1]!), `relative ${shown}`);
      }
    }
  },
});

Deno.test({
  name: "dirname() and basename() treat doubled slashes as one",
  ignore: Deno.build.os === "windows",
  fn() {
    equal(dirname("a//b"), "a");
    equal(dirname("//a"), "/");
    equal(dirname("///"), "/");
    equal(basename("a//b//"), "b");
    equal(basename("//"), "");
  },
});
