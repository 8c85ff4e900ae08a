/**
 * Encoding a payload for the wire in a hook's dialect: the single place
 * where bytes leave hookgate for command and HTTP hooks.
 *
 * @module
 */

import type { HookDialect, HookInput } from "../types.ts";
import { toWuuInput } from "./wuu.ts";

/**
 * Serializes a payload as JSON in the given dialect.
 *
 * @param input The native payload.
 * @param dialect The hook's dialect.
 * @returns The JSON text (no trailing newline).
 *
 * @example Native and Wuu
 * ```ts
 * import { encodePayload } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const input = { event: "Stop" as const, cwd: "/p", sessionId: "s" };
 * equal(encodePayload(input, "native"), '{"event":"Stop","cwd":"/p","sessionId":"s"}');
 * equal(encodePayload(input, "wuu"), '{"hook_event_name":"Stop","session_id":"s","cwd":"/p"}');
 * ```
 */
export function encodePayload(
  input: HookInput,
  dialect: HookDialect = "native",
): string {
  return JSON.stringify(dialect === "wuu" ? toWuuInput(input) : input);
}
