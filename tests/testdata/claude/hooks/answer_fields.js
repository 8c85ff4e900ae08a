#!/usr/bin/env node
// Answers with fields of Claude's output that name no decision — a session
// title, paths to watch, a retry, what to display, a terminal sequence, an
// elicitation's accepted content — chosen by the first argument, for the
// event it was called on.
const ANSWERS = {
  session: {
    root: { terminalSequence: "\u001b]0;busy\u0007", metrics: { n: 1 } },
    specific: {
      additionalContext: "ctx",
      sessionTitle: "Fix the build",
      initialUserMessage: "run the tests",
      watchPaths: ["/p/a"],
      reloadSkills: true,
    },
  },
  "title-later": { specific: { sessionTitle: "Later title" } },
  prompt: { specific: { sessionTitle: "Prompted title", suppressOriginalPrompt: true } },
  retry: { specific: { retry: true } },
  display: { specific: { displayContent: "**shown**" } },
  watch: { specific: { watchPaths: ["/p/b"] } },
  mcp: {
    specific: {
      updatedMCPToolOutput: { content: [{ type: "text", text: "redacted" }] },
      classifierContext: "reads secrets",
    },
  },
  accept: { specific: { action: "accept", content: { name: "hookgate" } } },
  decline: { specific: { action: "decline" } },
  "stop-failure": { root: { terminalSequence: "\u0007", decision: "block", reason: "ignored" } },
};
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text).hook_event_name;
  const { root = {}, specific } = ANSWERS[process.argv[2]];
  const answer = specific === undefined ? root : { ...root, hookSpecificOutput: { hookEventName: event, ...specific } };
  process.stdout.write(JSON.stringify(answer));
});
