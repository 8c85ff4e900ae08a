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

Deno.test("compileClaudeMatcher() reads FileChanged's matcher as a literal list of file names", () => {
  const changed = (matcher: string, path: string) => compileClaudeMatcher(matcher, "FileChanged")!(path);
  equal(changed(".envrc|.env", "/p/.envrc"), true);
  equal(changed(".envrc|.env", "/p/.env"), true);
  // Literal names: no regex, so neither a longer name nor another file whose name merely contains one.
  equal(changed(".envrc|.env", "/p/x.env.local"), false);
  equal(changed(".env", "/p/xenv"), false);
  equal(changed("package.json", "/p/web/package.json"), true);
  equal(changed("config/app.json", "/p/config/app.json"), true);
  equal(changed("config/app.json", "/p/app.json"), false);
});

Deno.test("compileClaudeMatcher() reads StopFailure's exact lists with letters, digits, _ and | only", () => {
  const failed = (matcher: string, error: string) => compileClaudeMatcher(matcher, "StopFailure")!(error);
  equal(failed("rate_limit|overloaded", "rate_limit"), true);
  equal(failed("rate_limit|overloaded", "rate_limit_x"), false);
  // A comma or a space makes it a regex there, unlike on other events.
  equal(failed("rate_limit, overloaded", "rate_limit"), false);
  equal(matches("rate_limit, overloaded", "rate_limit"), true);
  // A hyphen too: unanchored, so it matches inside a longer name.
  equal(failed("server-error", "internal-server-error"), true);
  equal(matches("server-error", "internal-server-error"), false);
});
