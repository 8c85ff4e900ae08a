import { equal, throws } from "node:assert/strict";
import { compileClaudeMatcher } from "../../src/matchers/claude.ts";

const matches = (matcher: string | undefined, tool: string) => {
  const test = compileClaudeMatcher(matcher);
  return test === null || test(tool);
};

Deno.test("compileClaudeMatcher() matches everything for *, an empty string or none", () => {
  equal(compileClaudeMatcher("*"), null);
  equal(compileClaudeMatcher(""), null);
  equal(compileClaudeMatcher(undefined), null);
});

Deno.test("compileClaudeMatcher() reads plain names as an exact, case-sensitive list split on | and ,", () => {
  equal(matches("Edit|Write", "Write"), true);
  equal(matches("Edit, Write", "Write"), true);
  equal(matches("Edit", "NotebookEdit"), false);
  equal(matches("Edit", "edit"), false);
  equal(matches("code-reviewer", "senior-code-reviewer"), false);
  equal(matches("mcp__memory", "mcp__memory__create"), false);
});

Deno.test("compileClaudeMatcher() reads anything else as an unanchored regex", () => {
  equal(matches("Edit.*", "NotebookEdit"), true);
  equal(matches("^Edit$", "NotebookEdit"), false);
  equal(matches("mcp__memory__.*", "mcp__memory__create_entities"), true);
  equal(matches("mcp__memory__.*", "mcp__github__x"), false);
});

Deno.test("compileClaudeMatcher() refuses an invalid regex with a SyntaxError that says so", () => {
  throws(() => compileClaudeMatcher("Edit("), SyntaxError);
  throws(() => compileClaudeMatcher("[x"), /is not a valid regular expression/);
});
