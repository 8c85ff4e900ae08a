// The text a prompt hook sends: the fixed system instruction and the
// template with the payload substituted.

/**
 * The system instruction every prompt hook sends: what to judge and the
 * exact answer shape.
 *
 * @example
 * ```ts
 * import { PROMPT_HOOK_SYSTEM } from "@hookgate/core/transports";
 * import { ok } from "node:assert/strict";
 *
 * ok(PROMPT_HOOK_SYSTEM.includes('{"ok": true}'));
 * ```
 */
export const PROMPT_HOOK_SYSTEM: string = "You are a policy check inside an AI coding agent's hook system. " +
  "The user message contains an instruction and the JSON of an agent event (a tool call, a prompt, a stop). " +
  'Decide whether the event is acceptable under the instruction. Answer with one JSON object and nothing else: {"ok": true} ' +
  'if it is acceptable, or {"ok": false, "reason": "<one sentence the agent can act on>"} if it is not. ' +
  'When the event is an agent stopping and what the instruction asks cannot be done at all, add "impossible": true.';

/**
 * Fills a prompt template: `$ARGUMENTS` becomes the payload JSON, `\$`
 * becomes `$`; without `$ARGUMENTS` the JSON is appended after a blank line.
 *
 * @param template The hook's prompt.
 * @param payloadJson The payload as JSON text.
 * @returns The prompt to send.
 *
 * @example
 * ```ts
 * import { renderPrompt } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * equal(renderPrompt("Check: $ARGUMENTS", '{"a":1}'), 'Check: {"a":1}');
 * equal(renderPrompt("Cost \\$5?", "{}"), "Cost $5?\n\n{}");
 * ```
 */
export function renderPrompt(template: string, payloadJson: string): string {
  let substituted = false;
  const text = template.replace(/\\\$|\$ARGUMENTS\b/g, (match) => {
    if (match === "\\$") return "$";
    substituted = true;
    return payloadJson;
  });
  return substituted ? text : `${text}\n\n${payloadJson}`;
}
