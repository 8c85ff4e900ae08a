// A synthetic Claude Code transcript in the documented shape: prompts,
// tool_use/tool_result pairs (one an error), unrelated line types, and one
// malformed line. Written by the tests, so its line numbers are known.

export const SESSION = "5f0c9e1e-replay-test";

/** The transcript's lines, with what each is (line numbers from 1). */
export function transcript(cwd: string): string[] {
  const base = { sessionId: SESSION, cwd, version: "2.1.240", gitBranch: "main", userType: "external" };
  const user = (content: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ...base, type: "user", message: { role: "user", content }, ...extra });
  const assistant = (content: unknown[]) =>
    JSON.stringify({ ...base, type: "assistant", message: { role: "assistant", model: "claude", content } });
  const toolUse = (id: string, name: string, input: unknown) => ({ type: "tool_use", id, name, input });
  const toolResult = (id: string, content: unknown, isError = false) => ({
    type: "tool_result",
    tool_use_id: id,
    content,
    ...(isError ? { is_error: true } : {}),
  });
  return [
    /* 1 */ JSON.stringify({ type: "summary", summary: "Cleaning the build", leafUuid: "x" }),
    /* 2 */ user("clean the build directory"),
    /* 3 */ assistant([{ type: "thinking", thinking: "…" }, { type: "text", text: "Let me look." }]),
    /* 4 */ assistant([toolUse("toolu_1", "Bash", { command: "ls build" })]),
    /* 5 */ user([toolResult("toolu_1", "a.o\nb.o")]),
    /* 6 */ assistant([toolUse("toolu_2", "Bash", { command: "rm -rf build" })]),
    /* 7 */ user([toolResult("toolu_2", "rm: cannot remove 'build': Permission denied", true)]),
    /* 8 */ JSON.stringify({ ...base, type: "system", content: "hook ran", level: "info" }),
    /* 9 */ "{ this line is not json",
    /* 10 */ assistant([
      toolUse("toolu_3", "Bash", { command: "make clean" }),
      toolUse("toolu_4", "Read", { file_path: "Makefile" }),
    ]),
    /* 11 */ user([
      toolResult("toolu_3", "cleaned"),
      toolResult("toolu_4", [{ type: "text", text: "clean:\n\trm -f *.o" }]),
    ]),
    /* 12 */ JSON.stringify({ type: "file-history-snapshot", messageId: "m", snapshot: {} }),
    /* 13 */ user([{ type: "text", text: "Caveat: local command output" }], { isMeta: true }),
    /* 14 */ user("now run the tests"),
    /* 15 */ assistant([toolUse("toolu_5", "Bash", { command: "deno test" })]),
    /* 16 */ user([toolResult("toolu_9", "orphan result")]),
  ];
}
