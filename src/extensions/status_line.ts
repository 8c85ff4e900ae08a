/**
 * The status line extensions write with `ctx.ui.setStatus(key, text)`: one
 * text per key, shown sorted by key on one line.
 *
 * @module
 */

/**
 * The statuses of every extension, by key.
 *
 * @example
 * ```ts
 * import { StatusLine } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * const line = new StatusLine();
 * line.set("tests", "12 passed");
 * line.set("git", "main\t+2\n");
 * equal(line.render(80), "main +2 · 12 passed");
 * equal(line.render(10), "main +2 ·…");
 * ```
 */
export class StatusLine {
  #texts = new Map<string, string>();

  /**
   * Sets one key's text; `undefined` or blank text removes the key.
   *
   * @param key The key (one per extension feature).
   * @param text The text; `\r`, `\n` and `\t` become spaces and repeated
   * spaces collapse.
   */
  set(key: string, text: string | undefined): void {
    const clean = text === undefined ? "" : sanitizeStatus(text);
    if (clean === "") this.#texts.delete(key);
    else this.#texts.set(key, clean);
  }

  /**
   * The texts, sorted by key.
   *
   * @returns `[key, text]` pairs.
   */
  entries(): [string, string][] {
    return [...this.#texts].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  }

  /**
   * The line to display: every text sorted by key, joined with ` · `, cut
   * to `width` characters (the last one an ellipsis when cut).
   *
   * @param width The available width in characters.
   * @returns The line (`""` when no key is set).
   */
  render(width: number): string {
    const line = this.entries().map(([, text]) => text).join(" · ");
    if (line.length <= width) return line;
    return width <= 0 ? "" : line.slice(0, width - 1) + "…";
  }
}

/**
 * One status text as it is displayed: `\r`, `\n` and `\t` become spaces,
 * repeated spaces collapse, and the ends are trimmed.
 *
 * @param text The text an extension set.
 * @returns The text for the status line.
 *
 * @example
 * ```ts
 * import { sanitizeStatus } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * equal(sanitizeStatus("build\r\n  ok\t"), "build ok");
 * ```
 */
export function sanitizeStatus(text: string): string {
  return String(text).replace(/[\r\n\t]/g, " ").replace(/ {2,}/g, " ").trim();
}
