// The native dialect: the payload as it is, camelCase; answers
// by hookgate's exit-code and JSON rules; results as the runner returns them.

import { isPlainObject } from "../../_internal/json.ts";
import { parseHookEvent } from "../../events/table.ts";
import type { HookInput } from "../../events/payload.ts";
import { decodeHookgateAnswer } from "../shared/_answer.ts";
import { optionalString, readFields } from "../shared/_fields.ts";
import type { DecodedInput, Dialect } from "../shared/types.ts";

/** The native dialect. */
export const NATIVE_DIALECT: Dialect = Object.freeze<Dialect>({
  name: "native",
  matcherKind: "exact",
  matcherScope: "tools",
  contextSeparator: "\n",
  // No `concurrent`: native hooks run as each event's rule says.
  encodeInput(input: HookInput): Record<string, unknown> {
    return input as unknown as Record<string, unknown>;
  },
  decodeInput(value: unknown): DecodedInput {
    if (!isPlainObject(value)) throw new TypeError("a native payload must be a JSON object");
    const event = parseHookEvent(optionalString(value, "event") ?? "");
    const fields = readFields(event, (field) => value[field], (field) => field);
    const cwd = optionalString(value, "cwd");
    const sessionId = optionalString(value, "sessionId");
    return {
      event,
      fields,
      ...(cwd === undefined ? {} : { cwd }),
      ...(sessionId === undefined ? {} : { sessionId }),
    };
  },
  decodeOutput: (event, answer) => decodeHookgateAnswer(answer, event),
  // What hooks of another dialect answered for their own agent is not hookgate's answer.
  encodeResult: (_event, { extra: _extra, ...result }) => result,
});
