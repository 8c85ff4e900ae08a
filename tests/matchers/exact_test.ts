import { equal } from "node:assert/strict";
import { hookMatcherMatches } from "../../mod.ts";

Deno.test("hookMatcherMatches() treats *, empty and omitted as match-all", () => {
  for (const matcher of ["*", "", "  ", undefined, " * "]) {
    equal(
      hookMatcherMatches(matcher, "bash"),
      true,
      `matcher ${JSON.stringify(matcher)}`,
    );
  }
});

Deno.test("hookMatcherMatches() matches exact names, case-insensitively on both sides", () => {
  equal(hookMatcherMatches("bash", "bash"), true);
  equal(hookMatcherMatches("Bash", "bash"), true);
  equal(hookMatcherMatches("bash", "BASH"), true);
  equal(hookMatcherMatches("edit|write", "write"), true);
  equal(hookMatcherMatches("edit | write", "Edit"), true);
});

Deno.test("hookMatcherMatches() never matches substrings, prefixes or regexes", () => {
  equal(hookMatcherMatches("edit", "editFile"), false);
  equal(hookMatcherMatches("edit", "NotebookEdit"), false);
  equal(hookMatcherMatches("Edit.*", "EditFile"), false);
  equal(hookMatcherMatches("^bash$", "bash"), false);
});

Deno.test("hookMatcherMatches() drops empty pieces so a stray | never matches all", () => {
  equal(hookMatcherMatches("bash|", "bash"), true);
  equal(hookMatcherMatches("bash|", "edit"), false);
  equal(hookMatcherMatches("|", "bash"), false);
  equal(hookMatcherMatches("||", "anything"), false);
});

Deno.test("hookMatcherMatches() matches every matcher when there is no tool name", () => {
  equal(hookMatcherMatches("bash", undefined), true);
  equal(hookMatcherMatches("|", undefined), true);
});
