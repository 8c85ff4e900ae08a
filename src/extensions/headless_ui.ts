/**
 * The user interface of a host without one: every question goes
 * unanswered, every display call does nothing.
 *
 * @module
 */

import type { HookTheme, HookUIContext } from "./types.ts";

const PLAIN_THEME: HookTheme = Object.freeze<HookTheme>({
  fg: (_color, text) => text,
  bold: (text) => text,
});

/**
 * The headless UI: `select`, `input`, `editor` and `custom` answer
 * `undefined`, `confirm` answers `false`, `notify`, `setStatus` and
 * `setEditorText` do nothing, `getEditorText` is `""`, and the theme leaves
 * text plain.
 *
 * @example A guard that needs a user blocks without one
 * ```ts
 * import { HEADLESS_UI } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * equal(await HEADLESS_UI.confirm("Dangerous command", "rm -rf build"), false);
 * equal(HEADLESS_UI.getEditorText(), "");
 * ```
 */
export const HEADLESS_UI: HookUIContext = Object.freeze<HookUIContext>({
  select: () => Promise.resolve(undefined),
  confirm: () => Promise.resolve(false),
  input: () => Promise.resolve(undefined),
  editor: () => Promise.resolve(undefined),
  notify: () => {},
  setStatus: () => {},
  custom: () => Promise.resolve(undefined),
  setEditorText: () => {},
  getEditorText: () => "",
  theme: PLAIN_THEME,
});
