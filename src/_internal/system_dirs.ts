// Where the system keeps hookgate's managed configuration: read first by
// every load (src/config/managed.ts), and the reason the gateway's memo
// stands aside on a machine that has one (src/memo/).

/**
 * The system's managed directory: `/Library/Application Support/hookgate`
 * on macOS, `C:\ProgramData\hookgate` on Windows, `/etc/hookgate`
 * elsewhere.
 *
 * @param os The operating system (`Deno.build.os`).
 * @returns The directory.
 *
 * @example
 * ```ts
 * import { systemManagedDir } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(systemManagedDir("linux"), "/etc/hookgate");
 * equal(systemManagedDir("darwin"), "/Library/Application Support/hookgate");
 * ```
 */
export function systemManagedDir(os: typeof Deno.build.os = Deno.build.os): string {
  if (os === "darwin") return "/Library/Application Support/hookgate";
  if (os === "windows") return "C:\\ProgramData\\hookgate";
  return "/etc/hookgate";
}
