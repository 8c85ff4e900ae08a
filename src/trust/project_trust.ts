/**
 * Deciding whether a project's layers count: snapshot them (hooks, the
 * files they run, variables and URLs), then ask the caller's trust option
 * or the user's trust file whether exactly this digest was trusted. A
 * project that changed since keeps its trusted guards; a trusted one gets
 * the run-time guard.
 *
 * @module
 */

import { join } from "../_internal/path.ts";
import type { PlaceholderHook } from "../events/configured.ts";
import type { ModelsConfig } from "../models/client.ts";
import { TrustBoundError } from "./_digest_reader.ts";
import { type HookAgent, layerOwner } from "./agent_files.ts";
import { changedFiles, fileMarks, ProjectGuard } from "./project_guard.ts";
import { readProject } from "./project_snapshot.ts";
import { readTrustStore, TRUST_FILE, trustCovers, TrustFileError, type TrustRecord } from "./trust_store.ts";
import { guardPlaceholders } from "./trusted_guards.ts";
import type { ProjectHook, ProjectLayerContent, ProjectReads, ProjectSnapshot } from "./types.ts";

/**
 * Which projects count: `"require"` (the default) trusts a project only
 * when the user's trust file records its current digest; `"all"` trusts
 * every project (the user vouches for this run); a function decides per
 * project.
 */
export type TrustOption = "require" | "all" | ((project: ProjectSnapshot) => boolean | Promise<boolean>);

/** The trust state of the project layer of one load. */
export interface ProjectTrust {
  /** What the project asks to be trusted with. */
  snapshot: ProjectSnapshot;
  /** Whether its hooks (and settings) count. */
  trusted: boolean;
  /** Who trusted it: the trust file, or the caller's `trust` option. */
  trustedBy?: "trust-file" | "option";
  /** The trust file consulted (`"require"` only). */
  trustFile?: string;
  /** What the trust file recorded for this project, when it was trusted before. */
  previous?: TrustRecord;
  /** The project hooks that do not run because it is not trusted. */
  skipped: ProjectHook[];
  /** The project's extension modules (and their files) that do not load because it is not trusted. */
  skippedExtensions: string[];
  /**
   * For a project that changed since it was trusted (the trust file still
   * has its record): the guards of the trusted version — its closed and
   * policy hooks on events that gate an action — as placeholders that deny
   * what each could have matched, until the project is trusted again or its
   * trust revoked. Empty when that version had no such guard.
   */
  heldGuards?: PlaceholderHook[];
  /**
   * For a trusted project: checks before each of its command hooks runs
   * that what it runs is still what was trusted (`openHookHost` installs it).
   */
  guard?: ProjectGuard;
}

/**
 * Why a project's trust could not be decided — its code cannot be digested,
 * or the trust file cannot be used — at the file or directory concerned.
 * Never a silent trust: the load reports it as an error there.
 */
export interface TrustProblem {
  /** The file or directory concerned (absolute). */
  file: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  hint: string;
}

/**
 * Snapshots the project's layers and decides whether they count: `models`
 * are the endpoints in effect, `home` the user's hookgate directory (its
 * trust file), `modules` those found in the project's extensions directory,
 * `caller` the agent the load answers.
 */
export async function decideProjectTrust(
  root: string,
  layers: readonly ProjectLayerContent[],
  models: ModelsConfig | undefined,
  option: TrustOption,
  home: string | undefined,
  modules: readonly string[] = [],
  caller?: HookAgent,
): Promise<{ trust: ProjectTrust; problems: TrustProblem[] }> {
  const reread = () => readProject(root, layers, models, modules);
  let snapshot: ProjectSnapshot;
  let reads: ProjectReads | undefined;
  try {
    ({ snapshot, reads } = await reread());
  } catch (error) {
    // Code that cannot be digested cannot be trusted: the load fails and says what to do.
    const empty = {
      root,
      digest: "",
      digests: {},
      hooks: [],
      files: [],
      extensions: [],
      env: [],
      urls: [],
      guards: [],
    };
    return {
      trust: { snapshot: empty, trusted: false, skipped: [], skippedExtensions: [] },
      problems: [unreadable(root, error)],
    };
  }
  const problems: TrustProblem[] = [];
  const decided = (trusted: boolean, extra: Partial<ProjectTrust> = {}): ProjectTrust => ({
    snapshot,
    trusted,
    ...extra,
    skipped: trusted ? [] : snapshot.hooks,
    skippedExtensions: trusted ? [] : snapshot.extensions.map((file) => file.path),
    ...(trusted
      ? { guard: new ProjectGuard(snapshot, reads!, layers.map((layer) => layer.path), reread, caller) }
      : {}),
  });
  if (option === "all") return { trust: decided(true, { trustedBy: "option" }), problems };
  if (typeof option === "function") {
    return { trust: decided(await option(snapshot) === true, { trustedBy: "option" }), problems };
  }
  if (home === undefined) return { trust: decided(false), problems };
  const trustFile = join(home, TRUST_FILE);
  try {
    const previous = (await readTrustStore(trustFile)).projects[root];
    const trusted = previous !== undefined && trustCovers(previous, snapshot, caller);
    return {
      trust: decided(trusted, {
        trustFile,
        ...(trusted ? { trustedBy: "trust-file" as const } : {}),
        ...(previous ? { previous } : {}),
        // Trusted before, changed since: what it guarded stays guarded.
        ...(previous && !trusted
          ? {
            heldGuards: guardPlaceholders(
              root,
              // A guard in a file the caller runs itself is the caller's to keep.
              previous.guards?.filter((guard) => caller === undefined || layerOwner(guard.source) !== caller),
              changedFiles(new Map(Object.entries(previous.files)), fileMarks(snapshot)),
            ),
          }
          : {}),
      }),
      problems,
    };
  } catch (error) {
    if (!(error instanceof TrustFileError)) throw error;
    // Never a silent trust: the load fails and says how to recover.
    problems.push({
      file: trustFile,
      message: error.message.replace(/^Cannot read the trust file \S+: /, "the trust file cannot be used: "),
      hint: `fix or delete ${trustFile}, then trust the project again with "hook-run trust"`,
    });
    return { trust: decided(false, { trustFile }), problems };
  }
}

/** Why a project's code cannot be digested, at the directory concerned. */
function unreadable(root: string, error: unknown): TrustProblem {
  const bound = error instanceof TrustBoundError;
  return {
    file: bound ? error.dir : root,
    message: bound ? error.message : `the project cannot be digested for trust: ${(error as Error).message}`,
    hint: bound
      ? `move what the hooks do not need out of "${error.shown}" (or the hook scripts into a directory of their own), then trust the project again`
      : "make the project's hook scripts and extension code readable, then trust the project again",
  };
}
