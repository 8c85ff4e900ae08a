// What a front end says of a project whose hooks were held back, not being
// trusted: what it held back, and the command that trusts it.

import type { ProjectTrust } from "../config/mod.ts";

/** The command that trusts `root` (quoted for a shell when needed). */
export function trustCommandLine(root: string): string {
  return `hook-run trust --cwd ${/^[\w@%+=:,./-]+$/.test(root) ? root : `'${root.replaceAll("'", `'\\''`)}'`}`;
}

/** What an untrusted project holds back: "1 project hook and 2 extension files". */
export function skippedSummary(project: ProjectTrust): string {
  const count = (n: number, noun: string) => n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
  return [
    ...(project.skipped.length === 0 ? [] : [count(project.skipped.length, "project hook")]),
    ...(project.skippedExtensions.length === 0 ? [] : [count(project.skippedExtensions.length, "extension file")]),
  ].join(" and ");
}
