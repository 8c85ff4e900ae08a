/**
 * The trust file, `$HOOKGATE_HOME/trust.json`: what it records per project,
 * reading it (a missing file trusts nothing; a broken one is an error, never
 * trust) and writing it atomically.
 *
 * @module
 */

import { brokenReason } from "../_internal/absent.ts";
import * as reads from "../_internal/fs_reads.ts";
import { dirname, join } from "../_internal/path.ts";
import { isPlainObject } from "../_internal/json.ts";
import { DIALECT_NAMES } from "../dialects/dialects.ts";
import { isHookEvent } from "../events/table.ts";
import type { TrustedGuard } from "./trusted_guards.ts";
import type { HookAgent } from "./agent_files.ts";
import type { ProjectSnapshot, TrustOwner } from "./types.ts";

/** The trust file's name inside the user's hookgate directory. */
export const TRUST_FILE = "trust.json";

/**
 * What the trust file records for one project.
 *
 * @example A record as the trust file keeps it
 * ```ts
 * import type { TrustRecord } from "@hookgate/core/config";
 *
 * const record: TrustRecord = {
 *   digest: "sha256:…",
 *   trustedAt: "2026-11-30T12:00:00.000Z",
 *   hooks: ["PreToolUse guard (command): bash ./scripts/guard.sh"],
 *   files: { "scripts/guard.sh": "9f86d0…" },
 * };
 * ```
 */
export interface TrustRecord {
  /** The digest trusted: the whole project's. */
  digest: string;
  /**
   * The digest of each owner's part when it was trusted (see
   * `ProjectSnapshot.digests`). Absent in a record written before they
   * were kept: such a record trusts exactly the whole project it was made
   * for, for every caller, until the project is trusted again.
   */
  digests?: Partial<Record<TrustOwner, string>>;
  /** When. */
  trustedAt: string;
  /** One line per hook, to show what changed since. */
  hooks: string[];
  /** The files' digests, to show which changed since. */
  files: Record<string, string>;
  /**
   * The guards of the trusted version, which stay in force (they deny)
   * when the project changes, until it is trusted again or revoked.
   * Absent in a record written before guards were kept: then every action
   * a changed project could have guarded is denied.
   */
  guards?: TrustedGuard[];
}

/**
 * The trust file: trusted projects by absolute root.
 *
 * @example An empty store
 * ```ts
 * import type { TrustStore } from "@hookgate/core/config";
 *
 * const store: TrustStore = { version: 1, projects: {} };
 * ```
 */
export interface TrustStore {
  /** The format version. */
  version: 1;
  /** Trusted projects. */
  projects: Record<string, TrustRecord>;
}

/**
 * The trust file cannot be read or is not a trust file. hookgate never
 * treats that as trust: fix or delete the file.
 *
 * @example Report a broken trust file
 * ```ts
 * import { TrustFileError } from "@hookgate/core/config";
 *
 * const error = new TrustFileError("/h/trust.json", "it is not valid JSON");
 * ```
 */
export class TrustFileError extends Error {
  /** The trust file. */
  readonly path: string;

  /**
   * Creates the error.
   *
   * @param path The trust file.
   * @param reason What is wrong with it.
   */
  constructor(path: string, reason: string) {
    super(
      `Cannot read the trust file ${path}: ${reason}; project hooks stay untrusted until it is fixed or deleted (then trust again with "hook-run trust")`,
    );
    this.name = "TrustFileError";
    this.path = path;
  }
}

/**
 * Reads the trust file; a missing file is an empty store.
 *
 * @param path The trust file.
 * @returns The store.
 * @throws {TrustFileError} When it cannot be read or is malformed.
 *
 * @example A missing file trusts nothing
 * ```ts
 * import { readTrustStore } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(await readTrustStore("/nonexistent/trust.json"), { version: 1, projects: {} });
 * ```
 */
export async function readTrustStore(path: string): Promise<TrustStore> {
  let text: string;
  try {
    text = await reads.readTextFile(path);
  } catch (error) {
    // Only nothing at the path trusts nothing: a link that leads nowhere hides what was trusted.
    const broken = error instanceof Deno.errors.NotFound ? await brokenReason(path) : undefined;
    if (error instanceof Deno.errors.NotFound && broken === undefined) return { version: 1, projects: {} };
    throw new TrustFileError(path, `it cannot be read (${broken ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TrustFileError(path, "it is not valid JSON");
  }
  if (!isPlainObject(value) || value.version !== 1 || !isPlainObject(value.projects)) {
    throw new TrustFileError(path, 'it is not a hookgate trust file (expected {"version": 1, "projects": {…}})');
  }
  for (const [root, record] of Object.entries(value.projects)) {
    if (
      !isPlainObject(record) || typeof record.digest !== "string" || typeof record.trustedAt !== "string" ||
      !Array.isArray(record.hooks) || !isPlainObject(record.files)
    ) {
      throw new TrustFileError(path, `the entry for ${JSON.stringify(root)} is malformed`);
    }
    if (
      record.digests !== undefined &&
      (!isPlainObject(record.digests) || Object.values(record.digests).some((value) => typeof value !== "string"))
    ) {
      throw new TrustFileError(
        path,
        `the entry for ${JSON.stringify(root)} is malformed: "digests" must map owners to digests`,
      );
    }
    if (record.guards !== undefined) {
      const guards = readTrustedGuards(record.guards);
      if (typeof guards === "string") {
        throw new TrustFileError(path, `the entry for ${JSON.stringify(root)} is malformed: ${guards}`);
      }
    }
  }
  return value as unknown as TrustStore;
}

/**
 * Writes the trust file atomically: a private temporary file in the same
 * directory, synced, then renamed over the old one, so a crash mid-write
 * leaves the old file or the new one, never half of either. The file is
 * readable by its owner only (0600), its directory created 0700.
 *
 * @param path The trust file.
 * @param store The store.
 *
 * @example Write, then read back
 * ```ts
 * import { readTrustStore, writeTrustStore } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const store = { version: 1 as const, projects: {} };
 * await writeTrustStore(`${dir}/trust.json`, store);
 * deepEqual(await readTrustStore(`${dir}/trust.json`), store);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeTrustStore(path: string, store: TrustStore): Promise<void> {
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${TRUST_FILE}.${crypto.randomUUID()}.tmp`);
  try {
    const file = await Deno.open(temp, { write: true, createNew: true, mode: 0o600 });
    try {
      await file.write(new TextEncoder().encode(JSON.stringify(store, null, 2) + "\n"));
      await file.sync();
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/**
 * Whether `record` trusts the project as `snapshot` found it, for a load
 * made for `caller`: the whole project's digest matches — or, for a caller
 * that runs some of the project's files itself (Claude Code runs
 * `.claude/settings*.json`), the digest of every other owner's part
 * matches what was trusted. One record, one decision per project: what a
 * caller runs itself counts only for the other callers.
 *
 * @param record What the trust file recorded.
 * @param snapshot The project now.
 * @param caller The agent the load answers, if any.
 * @returns Whether the project counts as trusted for that load.
 *
 * @example A change to Claude's own settings untrusts the project for other callers only
 * ```ts
 * import { trustCovers } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const record = { digest: "a", digests: { hookgate: "h", claude: "c1" }, trustedAt: "", hooks: [], files: {} };
 * const now = { digest: "b", digests: { hookgate: "h", claude: "c2" } };
 * equal(trustCovers(record, now, "claude"), true);
 * equal(trustCovers(record, now, undefined), false);
 * ```
 */
export function trustCovers(
  record: TrustRecord,
  snapshot: Pick<ProjectSnapshot, "digest" | "digests">,
  caller: HookAgent | undefined,
): boolean {
  if (record.digest === snapshot.digest) return true;
  const trusted = record.digests;
  if (caller === undefined || trusted === undefined) return false;
  const owners = new Set([...Object.keys(trusted), ...Object.keys(snapshot.digests)]) as Set<TrustOwner>;
  return [...owners].every((owner) => owner === caller || trusted[owner] === snapshot.digests[owner]);
}

/**
 * Reads recorded guards back from a trust file: a malformed entry is a
 * string saying what is wrong (the trust file is then unusable).
 */
function readTrustedGuards(value: unknown): TrustedGuard[] | string {
  if (!Array.isArray(value)) return '"guards" must be an array';
  for (const guard of value) {
    if (
      typeof guard !== "object" || guard === null || typeof guard.event !== "string" || !isHookEvent(guard.event) ||
      typeof guard.name !== "string" || (guard.failurePolicy !== "open" && guard.failurePolicy !== "closed") ||
      typeof guard.policy !== "boolean" || typeof guard.source !== "string" ||
      (guard.matcher !== undefined && typeof guard.matcher !== "string") ||
      (guard.dialect !== undefined && !DIALECT_NAMES.includes(guard.dialect))
    ) {
      return 'an entry of "guards" is malformed';
    }
  }
  return value as TrustedGuard[];
}
