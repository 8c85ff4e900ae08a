/**
 * Hot reload: watch the configuration layers and swap the registry's
 * configured hooks when — and only when — they changed.
 *
 * @module
 */

import { dirname, isAbsolute, join } from "../_internal/path.ts";
import type { HookRegistry, LoadShellHooksOptions } from "../registry/registry.ts";
import type { Logger } from "../events/env.ts";
import { countShellHooks, placeholdersEqual, shellHooksEqual } from "./equal.ts";
import { type ConfigDiagnostic, formatDiagnostic, liveWithErrors } from "./diagnostics.ts";
import { checkConfig, configLayers, type LoadConfigOptions, type LoadedConfig } from "./load.ts";
import { existingAncestor, exists } from "./_existing.ts";

/**
 * Options of {@linkcode watchConfig}.
 *
 * @example Watch the default layers and one explicit file
 * ```ts
 * import { HookRegistry, type WatchConfigOptions } from "@hookgate/core";
 *
 * const options: WatchConfigOptions = {
 *   registry: new HookRegistry(),
 *   paths: ["./hooks.jsonc"],
 *   logger: console,
 * };
 * ```
 */
export interface WatchConfigOptions extends LoadConfigOptions {
  /** The registry whose configured hooks are replaced on a change. */
  registry: HookRegistry;
  /** `info` for reloads; `warn`/`error` for broken or deleted files. */
  logger?: Logger;
  /**
   * How long edits must settle before a reload, in milliseconds.
   *
   * @default {150}
   */
  debounceMs?: number;
  /** Register only `policy: true` entries (`--no-hooks`). */
  policyOnly?: boolean;
  /** Called after every reload that changed the hooks. */
  onReload?: (config: LoadedConfig) => void;
  /**
   * Called when an edit left the configuration with errors: broken entries
   * are then placeholders and the rest is live, but a file that cannot be
   * read or parsed at all keeps the previous hooks.
   */
  onError?: (diagnostics: ConfigDiagnostic[]) => void;
}

/**
 * A running watch; close it to release the file watcher and timers.
 *
 * @example Close with `await using`
 * ```ts
 * import { HookRegistry, watchConfig } from "@hookgate/core";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/hooks.jsonc`, '{"hooks": {}}');
 * {
 *   await using watcher = await watchConfig({
 *     registry: new HookRegistry(),
 *     paths: [`${dir}/hooks.jsonc`],
 *     defaultLayers: false,
 *   });
 *   void watcher.reloads;
 * }
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export interface ConfigWatcher extends AsyncDisposable {
  /** The configuration now live in the registry. */
  readonly config: LoadedConfig;
  /** How many reloads changed the registry. */
  readonly reloads: number;
  /** Stops watching and waits for a reload in progress. */
  close(): Promise<void>;
}

/**
 * Loads the configuration into the registry, then keeps it live.
 *
 * Each layer's parent directory is watched (atomic saves replace the file's
 * inode, so watching the file itself would go deaf), events are filtered by
 * name and debounced, and the files are re-read and re-validated. Only when
 * the configured set changed per {@linkcode shellHooksEqual} does it call
 * `registry.replaceShellHooks` (build first, swap on success; in-process
 * hooks untouched) and log `Hooks reloaded (N configured entries across K
 * events)`. An edit that breaks an entry reloads what a fresh start would
 * load — the rest of the configuration, and a placeholder for the entry —
 * and reports the diagnostics; an edit that leaves a file unreadable as a
 * whole (a save caught half written) keeps the previous set live; fixing
 * the file reloads. A deleted file — a default layer or
 * an explicit path — contributes nothing until it returns: its hooks are
 * removed with one warning, the other layers keep reloading, and recreating
 * it brings its hooks back. A layer whose directory does not exist yet (say,
 * no `.hookgate/` in the project) is picked up when it appears.
 *
 * @param options The registry, the layers and the callbacks.
 * @returns The watcher, after the initial load: what is good in it, and
 * the placeholders of what is broken (its errors are logged).
 *
 * @example React to reloads
 * ```ts
 * import { HookRegistry, watchConfig } from "@hookgate/core";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/hooks.jsonc`, '{"hooks": {"Stop": [{"command": "true"}]}}');
 * const registry = new HookRegistry();
 * const watcher = await watchConfig({
 *   registry,
 *   paths: [`${dir}/hooks.jsonc`],
 *   defaultLayers: false,
 *   onReload: (config) => console.log("now", Object.keys(config.hooks)),
 * });
 * await watcher.close();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function watchConfig(
  options: WatchConfigOptions,
): Promise<ConfigWatcher> {
  const initial = await checkConfig(options);
  options.registry.replaceShellHooks(initial.hooks, registration(options, initial));
  if (!initial.ok) options.logger?.error?.(liveWithErrors(initial.diagnostics));
  const watcher = new Watcher(options, initial);
  watcher.listen();
  watcher.announceTrust(initial);
  watcher.start();
  return watcher;
}

class Watcher implements ConfigWatcher {
  #options: WatchConfigOptions;
  #config: LoadedConfig;
  #reloads = 0;
  #trustAnnounced: string | undefined;
  #heldBack = false;
  #fs: Deno.FsWatcher | null = null;
  #dirs: string[] = [];
  /** A watched directory was removed: its watch is dead even if the path comes back. */
  #stale = false;
  #loop: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reloading: Promise<void> = Promise.resolve();
  #closed = false;
  /** Stops listening to the live project's trust guard. */
  #unlisten: (() => void) | undefined;

  constructor(options: WatchConfigOptions, config: LoadedConfig) {
    this.#options = options;
    this.#config = config;
  }

  /** Makes `config` the live one; a change its project's guard finds reloads at once. */
  #live(config: LoadedConfig): void {
    this.#config = config;
    this.#unlisten?.();
    this.#unlisten = config.project?.guard?.onChange(() => this.#schedule());
  }

  get config(): LoadedConfig {
    return this.#config;
  }

  /** Listens to the initial configuration's trust guard. */
  listen(): void {
    this.#live(this.#config);
  }

  get reloads(): number {
    return this.#reloads;
  }

  start(): void {
    if (this.#closed) return;
    const dirs = [
      ...new Set(
        this.#watchedFiles().map((path) => existingAncestor(dirname(path))),
      ),
    ]
      .filter((dir): dir is string => dir !== null)
      .sort();
    if (this.#fs !== null && !this.#stale && dirs.join("\n") === this.#dirs.join("\n")) return;
    const rewatch = this.#fs !== null;
    this.#fs?.close();
    this.#dirs = dirs;
    this.#stale = false;
    if (dirs.length === 0) {
      this.#fs = null;
      return;
    }
    const fs = Deno.watchFs(dirs, { recursive: false });
    this.#fs = fs;
    const previous = this.#loop;
    this.#loop = (async () => {
      await previous;
      try {
        for await (const event of fs) {
          // A directory removed and made again within one debounce has the
          // same path (often the same inode) but the watch died with the old one.
          if (event.kind === "remove" && event.paths.some((path) => dirs.includes(path))) this.#stale = true;
          if (
            event.kind !== "access" &&
            event.paths.some((path) => this.#relevant(path))
          ) this.#schedule();
        }
      } catch {
        // Closed while reading: nothing more to watch.
      }
    })();
    // An edit between the last read and this watch would go unseen: read
    // once more (a no-op when nothing changed).
    if (rewatch) this.#schedule();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#unlisten?.();
    clearTimeout(this.#timer);
    this.#fs?.close();
    this.#fs = null;
    await this.#loop;
    await this.#reloading;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** A changed file is a layer, a directory on the way to one, or new in a directory trust hashed. */
  #relevant(path: string): boolean {
    return this.#watchedFiles().some((file) => file === path || file.startsWith(`${path}/`)) ||
      (this.#config.project?.guard?.watched.dirs.includes(dirname(path)) ?? false);
  }

  /**
   * The layers, the trust file (trusting a project takes effect without a
   * restart) and the project files hooks run (editing one untrusts it) —
   * for a trusted project every file its digest read, link targets and the
   * directories of hook scripts included.
   */
  #watchedFiles(): string[] {
    const files = this.#config.layers.map((layer) => layer.path);
    const project = this.#config.project;
    if (project === undefined) return files;
    const root = project.snapshot.root;
    const shown = (path: string) => isAbsolute(path) ? path : join(root, path);
    files.push(...project.snapshot.files.map((file) => shown(file.path)));
    files.push(...project.snapshot.extensions.map((file) => shown(file.path)));
    if (project.guard !== undefined) {
      const { files: read, dirs } = project.guard.watched;
      // A directory's own entries: the watch on it sees a file added.
      files.push(...read, ...dirs.map((dir) => `${dir}/.`));
    }
    if (project.trustFile !== undefined) files.push(project.trustFile);
    return files;
  }

  /**
   * Says once per project digest that the project's hooks are held back,
   * and how to trust them; says so too when trust lets them in.
   */
  announceTrust(config: LoadedConfig): void {
    const project = config.project;
    const digest = project === undefined ? undefined : `${project.trusted}:${project.snapshot.digest}`;
    if (digest === this.#trustAnnounced) return;
    this.#trustAnnounced = digest;
    if (project === undefined) return;
    const logger = this.#options.logger;
    const count = project.snapshot.hooks.length;
    if (project.trusted) {
      if (this.#heldBack) logger?.info?.(`Project ${project.snapshot.root} is trusted now; its hooks are live`);
      this.#heldBack = false;
      return;
    }
    this.#heldBack = true;
    logger?.warn?.(
      `Project ${project.snapshot.root} is not trusted${
        project.previous ? " (its hooks, their files or its extension code changed since it was trusted)" : ""
      }; its ${
        count === 1 ? "hook is" : `${count} hooks are`
      } held back until you review and trust it: hook-run trust --cwd ${project.snapshot.root}`,
    );
  }

  /**
   * {@linkcode checkConfig}, except that an explicit file that is gone
   * contributes nothing, as a missing default layer does. It is an error on
   * the first load (a mistyped `--config`), but while watching it would
   * freeze every other layer until the file returned. It stays among the
   * layers, so its directory is still watched.
   */
  async #check(): Promise<LoadedConfig> {
    const all = configLayers(this.#options);
    const present: string[] = [];
    for (const layer of all) {
      if (layer.kind === "explicit" && await exists(layer.path)) present.push(layer.path);
    }
    const next = await checkConfig({ ...this.#options, paths: present });
    const layers = [...next.layers.filter((layer) => layer.kind === "managed"), ...all].map((layer) =>
      next.layers.find((read) => read.kind === layer.kind && read.path === layer.path) ?? layer
    );
    // Plugin layers come from the load itself (a layer's claudePlugins): watched as it found them.
    return { ...next, layers: [...layers, ...next.layers.filter((layer) => layer.kind === "plugin")] };
  }

  #schedule(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#reloading = this.#reloading.then(() => this.#reload());
    }, this.#options.debounceMs ?? 150);
  }

  async #reload(): Promise<void> {
    if (this.#closed) return;
    const logger = this.#options.logger;
    let next: LoadedConfig;
    try {
      next = await this.#check();
    } catch (error) {
      logger?.warn?.(
        `Hook config reload failed; keeping the previous hooks: ${(error as Error).message}`,
      );
      return;
    }
    if (this.#closed) return;
    // A file that cannot be read as a whole is most likely a save caught
    // half written: the previous set stays until it reads again. A broken
    // entry is what the file says now: it is loaded as a fresh start would,
    // so a long-running host and a one-shot gateway agree.
    if (next.placeholders?.some((placeholder) => placeholder.covers === "file")) {
      const errors = next.diagnostics.filter((d) => d.severity === "error").length;
      logger?.error?.(
        `Hook config has ${errors === 1 ? "1 error" : `${errors} errors`}; keeping the previous hooks:\n${
          next.diagnostics.map(formatDiagnostic).join("\n")
        }`,
      );
      this.#options.onError?.(next.diagnostics);
      this.start();
      return;
    }
    if (next.ok) {
      for (const warning of next.diagnostics) logger?.warn?.(formatDiagnostic(warning));
    } else {
      logger?.error?.(liveWithErrors(next.diagnostics));
      this.#options.onError?.(next.diagnostics);
    }
    this.announceTrust(next);
    // Said once, when the removal takes effect: the live config then no
    // longer has the file, so later reloads do not repeat it.
    const deleted = this.#config.layers.filter((before) =>
      before.found && !next.layers.some((after) => after.path === before.path && after.found)
    );
    const announceDeleted = () => {
      for (const layer of deleted) {
        logger?.warn?.(`Hook config ${layer.path} was deleted; its hooks are removed until it returns`);
      }
    };
    if (
      shellHooksEqual(this.#config.hooks, next.hooks) && placeholdersEqual(this.#config.placeholders, next.placeholders)
    ) {
      this.#live(next);
      announceDeleted();
      this.start();
      return;
    }
    let count: number;
    try {
      count = this.#options.registry.replaceShellHooks(next.hooks, registration(this.#options, next));
    } catch (error) {
      logger?.error?.(
        `Hook config reload failed; keeping the previous hooks: ${(error as Error).message}`,
      );
      return;
    }
    this.#live(next);
    announceDeleted();
    this.#reloads++;
    const events = Object.values(next.hooks).filter((list) => (list?.length ?? 0) > 0)
      .length;
    logger?.info?.(
      `Hooks reloaded (${count} configured entries across ${events} events)`,
    );
    const skipped = countShellHooks(next.hooks) -
      this.#options.registry.all().filter((entry) => entry.configured && entry.transport !== "placeholder").length;
    if (skipped > 0) logger?.debug?.(`${skipped} non-policy entries skipped (policyOnly)`);
    this.#options.onReload?.(next);
    this.start();
  }
}

function registration(options: WatchConfigOptions, config: LoadedConfig): LoadShellHooksOptions {
  return { ...(options.policyOnly ? { policyOnly: true } : {}), placeholders: config.placeholders ?? [] };
}
