import { equal, throws } from "node:assert/strict";
import { compileCodexMatcher } from "../../src/matchers/codex.ts";
import { compileToolMatcher } from "../../src/matchers/compile.ts";

const matches = (matcher: string | undefined, tool: string) => {
  const test = compileCodexMatcher(matcher);
  return test === null || test(tool);
};
const compiled = (kind: "codex" | "claude", matcher: string, tool: string) =>
  compileToolMatcher(kind, matcher)!.matches(tool, tool.toLowerCase());

Deno.test("compileCodexMatcher() matches everything when absent, empty or *", () => {
  equal(compileCodexMatcher(undefined), null);
  equal(compileCodexMatcher(""), null);
  equal(compileCodexMatcher("*"), null);
});

Deno.test("compileCodexMatcher() compares names and | lists exactly", () => {
  equal(matches("Bash", "Bash"), true);
  equal(matches("Bash", "BashOutput"), false);
  equal(matches("Edit|Write", "Write"), true);
  equal(matches("mcp__memory", "mcp__memory__create_entities"), false);
  equal(matches("bash", "Bash"), false);
});

Deno.test("compileCodexMatcher() reads anything else as an unanchored regex, unlike Claude's lists", () => {
  equal(matches("^Bash", "BashOutput"), true);
  equal(matches("^Bash$", "BashOutput"), false);
  equal(matches("mcp__.*__write.*", "mcp__filesystem__write_file"), true);
  // A comma or a space makes a regex for Codex (a list for Claude).
  equal(matches("Edit, Write", "Write"), false);
  throws(() => compileCodexMatcher("["), SyntaxError);
});

Deno.test("compileToolMatcher() selects apply_patch by Write and Edit, for Codex and Claude matchers", async (t) => {
  for (const kind of ["codex", "claude"] as const) {
    await t.step(kind, () => {
      equal(compiled(kind, "Edit|Write", "apply_patch"), true);
      equal(compiled(kind, "Write", "apply_patch"), true);
      equal(compiled(kind, "apply_patch", "apply_patch"), true);
      equal(compiled(kind, "Bash", "apply_patch"), false);
      equal(compiled(kind, "Agent", "spawn_agent"), true);
      // The aliases go one way: a Write call is no apply_patch.
      equal(compiled(kind, "apply_patch", "Write"), false);
    });
  }
});
