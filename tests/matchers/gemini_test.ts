// Gemini CLI's matchers: unanchored regular expressions on tool names, an
// exact name when the regex does not compile, exact triggers on lifecycle
// events, nothing elsewhere.

import { equal } from "node:assert/strict";
import { compileGeminiMatcher } from "../../src/matchers/gemini.ts";

Deno.test("compileGeminiMatcher() reads a tool event's matcher as an unanchored regex on Gemini's name", () => {
  const shell = compileGeminiMatcher("shell", "PreToolUse")!;
  equal(shell("run_shell_command"), true);
  equal(shell("read_file"), false);
  const list = compileGeminiMatcher("write_file|replace", "PostToolUse")!;
  equal(list("replace"), true);
  equal(list("read_file"), false);
  // A matcher that is no valid regex is compared exactly.
  const broken = compileGeminiMatcher("mcp_(", "PreToolUse")!;
  equal(broken("mcp_("), true);
  equal(broken("mcp_x"), false);
});

Deno.test("compileGeminiMatcher() matches all for *, empty or absent, after trimming", () => {
  for (const matcher of [undefined, "", " * ", "  "]) equal(compileGeminiMatcher(matcher, "PreToolUse"), null);
});

Deno.test("compileGeminiMatcher() compares a lifecycle event's matcher exactly with its trigger", () => {
  const startup = compileGeminiMatcher(" startup ", "SessionStart")!;
  equal(startup("startup"), true);
  equal(startup("resume"), false);
  equal(compileGeminiMatcher("startup|resume", "SessionStart")!("startup"), false);
  equal(compileGeminiMatcher("auto", "PreCompact")!("auto"), true);
  equal(compileGeminiMatcher("ToolPermission", "Notification"), null);
});
