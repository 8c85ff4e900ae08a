// The files a Codex patch touches (`apply_patch {command}`): each
// `*** Add File:`, `*** Update File:`, `*** Delete File:` and `*** Move to:`
// line names one. A patch that names none cannot be ruled out by a path.

const FILE_LINE = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/;

/** The paths a patch names, in order; `null` when it names none (or is not text). */
export function patchFiles(patch: unknown): string[] | null {
  if (typeof patch !== "string") return null;
  const files: string[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const match = FILE_LINE.exec(line);
    if (match !== null && match[1]!.trim() !== "") files.push(match[1]!.trim());
  }
  return files.length === 0 ? null : files;
}
