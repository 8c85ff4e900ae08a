/**
 * Project trust: a cloned repository's hooks run only once the user has
 * trusted them. Trust is recorded per project directory in the user's state
 * (`$HOOKGATE_HOME/trust.json`) as a digest of the project's configuration
 * and of every file its hooks and extension code may run; any change to
 * either makes the project untrusted again.
 *
 * @module
 */

import { fileMark } from "./project_snapshot.ts";
import type { ProjectHook, ProjectSnapshot } from "./types.ts";
import { readTrustStore, type TrustRecord, writeTrustStore } from "./trust_store.ts";

/** The record trust keeps of a snapshot. */
export function trustRecord(snapshot: ProjectSnapshot, now: Date = new Date()): TrustRecord {
  return {
    digest: snapshot.digest,
    // Each owner's part too: what a caller runs itself does not count for it.
    digests: snapshot.digests,
    trustedAt: now.toISOString(),
    hooks: snapshot.hooks.map(projectHookLine),
    // Extension code too, so that what changed can be shown file by file.
    files: Object.fromEntries([...snapshot.files, ...snapshot.extensions].map((file) => [file.path, fileMark(file)])),
    // What must stay in force if the project changes before it is trusted again.
    guards: snapshot.guards,
  };
}

/**
 * One line per hook, as the trust file keeps it to show what changed:
 * event, matcher, name, transport and target.
 *
 * @param hook A project hook.
 * @returns The line.
 *
 * @example One hook, one line
 * ```ts
 * import { projectHookLine } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const line = projectHookLine({
 *   event: "Stop", name: "notify", matcher: "*", transport: "command", target: "notify-send done",
 *   policy: false, files: [], env: [], urls: [], source: ".hookgate/config.jsonc",
 * });
 * equal(line, "Stop notify (command): notify-send done");
 * ```
 */
export function projectHookLine(hook: ProjectHook): string {
  const rule = hook.toolRule === undefined ? "" : ` if ${hook.toolRule}`;
  const matcher = hook.matcher === "*" && rule === "" ? "" : ` [${hook.matcher}${rule}]`;
  return `${hook.event}${matcher} ${hook.name} (${hook.transport}): ${hook.target}`;
}

/**
 * Records trust in `snapshot` (exactly its digest) in the trust file.
 *
 * @param snapshot The project as it is now (from `checkConfig(...).project`).
 * @param trustFile The trust file.
 * @throws {TrustFileError} When the existing trust file is unreadable or
 * malformed (it is never overwritten then).
 *
 * @example Trust, then revoke
 * ```ts
 * import { checkConfig } from "@hookgate/core";
 * import { recordProjectTrust, revokeProjectTrust } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * const project = await Deno.makeTempDir();
 * await Deno.mkdir(`${project}/.hookgate`);
 * await Deno.writeTextFile(`${project}/.hookgate/config.jsonc`, '{"hooks": {"Stop": [{"command": "true"}]}}');
 * const before = await checkConfig({ home, projectRoot: project });
 * equal(before.project?.trusted, false);
 * await recordProjectTrust(before.project!.snapshot, `${home}/trust.json`);
 * equal((await checkConfig({ home, projectRoot: project })).project?.trusted, true);
 * equal(await revokeProjectTrust(project, `${home}/trust.json`), true);
 * await Deno.remove(home, { recursive: true });
 * await Deno.remove(project, { recursive: true });
 * ```
 */
export async function recordProjectTrust(snapshot: ProjectSnapshot, trustFile: string): Promise<void> {
  const store = await readTrustStore(trustFile);
  store.projects[snapshot.root] = trustRecord(snapshot);
  await writeTrustStore(trustFile, store);
}

/**
 * Forgets a project's trust.
 *
 * @param root The project root (absolute).
 * @param trustFile The trust file.
 * @returns Whether the project was trusted before.
 * @throws {TrustFileError} When the trust file is unreadable or malformed.
 *
 * @example Revoke what was never trusted
 * ```ts
 * import { revokeProjectTrust } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(await revokeProjectTrust("/never/trusted", "/nonexistent/trust.json"), false);
 * ```
 */
export async function revokeProjectTrust(root: string, trustFile: string): Promise<boolean> {
  const store = await readTrustStore(trustFile);
  if (!Object.hasOwn(store.projects, root)) return false;
  delete store.projects[root];
  await writeTrustStore(trustFile, store);
  return true;
}
