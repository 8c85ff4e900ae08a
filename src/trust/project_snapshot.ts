/**
 * What a project asks to be trusted with: its hooks, every file they and
 * its extension code may run (see {@linkcode ProjectSnapshot}), the
 * variables and URLs they reach, and one digest of the project's
 * configuration and those files — the value trust records.
 *
 * @module
 */

import { dirname, isAbsolute, join, relative } from "../_internal/path.ts";
import type { ConfiguredHooks, PlaceholderHook, ShellHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { FailurePolicy, HookDialect } from "../events/hooks.ts";
import type { ModelsConfig } from "../models/client.ts";
import { prune, stableJson } from "./canonical.ts";
import { Coverage, DigestReader, sha256Hex } from "./_digest_reader.ts";
import { namedPaths } from "./hook_files.ts";
import { moduleImports } from "./_module_imports.ts";
import { describeHook } from "./_describe_hook.ts";
import { PROJECT_EXTENSIONS_DIR, resolveHookPath } from "./extension_paths.ts";
import { isTrustedGuard, type TrustedGuard } from "./trusted_guards.ts";
import { type HookAgent, layerOwner } from "./agent_files.ts";

/**
 * Whose part of a project a digest covers: hookgate's own files, or an
 * agent's settings files (which that agent runs itself).
 *
 * @example
 * ```ts
 * import type { TrustOwner } from "@hookgate/core/config";
 *
 * const owner: TrustOwner = "claude";
 * ```
 */
export type TrustOwner = "hookgate" | HookAgent;

/**
 * A file the trust digest covers: a script a hook runs, a file in the
 * directory it lives in, extension code and what it imports — inside the
 * project, or outside it when a link or an import leads there.
 *
 * @example A hook script, and a link to one
 * ```ts
 * import type { ProjectFile } from "@hookgate/core/config";
 *
 * const file: ProjectFile = { path: "scripts/guard.sh", sha256: "9f86d0…" };
 * const link: ProjectFile = { path: ".claude/hooks/g.sh", sha256: "9f86d0…", link: "../../scripts/guard.sh", target: "scripts/guard.sh" };
 * ```
 */
export interface ProjectFile {
  /** Relative to the project root, `/`-separated; absolute for a file outside the project. */
  path: string;
  /** The SHA-256 of its content (through links), hex; empty for a link that leads nowhere. */
  sha256: string;
  /** For a symbolic link: its text, what it points to as written. */
  link?: string;
  /**
   * Where the path leads when that is another file (a link, or a linked
   * directory on the way): relative to the root, or absolute outside the
   * project; `(missing)` for a link that leads nowhere.
   */
  target?: string;
  /** Set when the file lies outside the project. */
  outside?: boolean;
}

/**
 * One project hook as `hook-run trust` shows it.
 *
 * @example A project hook as shown
 * ```ts
 * import type { ProjectHook } from "@hookgate/core/config";
 *
 * const hook: ProjectHook = {
 *   event: "PreToolUse",
 *   name: "guard",
 *   matcher: "bash",
 *   transport: "command",
 *   target: "bash ./scripts/guard.sh",
 *   policy: false,
 *   files: [],
 *   env: [],
 *   urls: [],
 *   source: ".hookgate/config.jsonc",
 * };
 * ```
 */
export interface ProjectHook {
  /** The event. */
  event: HookEvent;
  /** Its name (or what stands for it: the command, the URL). */
  name: string;
  /** Its matcher (`*` when none). */
  matcher: string;
  /** The tool rule that narrows the matcher (a Claude hook's `if`). */
  toolRule?: string;
  /** How it is reached. */
  transport: "command" | "http" | "prompt";
  /** The command line, the URL, or the prompt. */
  target: string;
  /** Whether it claims `policy: true`. */
  policy: boolean;
  /**
   * Its failure policy.
   *
   * @default {"open"}
   */
  failurePolicy?: FailurePolicy;
  /** Its dialect, which reads its matcher (native when absent). */
  dialect?: HookDialect;
  /** The files its command names (the directories they live in are in the snapshot's `files`). */
  files: ProjectFile[];
  /** Environment variables it receives or sends (`passEnv`, `allowedEnvVars`, a model's `apiKeyEnv`). */
  env: string[];
  /** URLs it calls (an HTTP hook's URL, a prompt hook's model endpoint). */
  urls: string[];
  /** The file that declares it, relative to the project root. */
  source: string;
}

/**
 * What a project asks to be trusted with: its hooks, the files they run,
 * the variables and URLs they reach, and the digest that trust records.
 *
 * @example Summarise a project
 * ```ts
 * import type { ProjectSnapshot } from "@hookgate/core/config";
 *
 * function summary(project: ProjectSnapshot): string {
 *   return `${project.root}: ${project.hooks.length} hooks, ${project.digest}`;
 * }
 * ```
 */
export interface ProjectSnapshot {
  /** The project root (absolute). */
  root: string;
  /** `sha256:<hex>` of the configuration and the files. */
  digest: string;
  /**
   * The digest of each owner's part: `hookgate` for the project's own
   * layers, its extension code and the files they run; `claude` for
   * `.claude/settings*.json` and the files their hooks run. A caller that
   * runs an owner's files itself (Claude Code, through `hook-run gateway`
   * and `serve`) needs only the others' digests to match what was trusted.
   */
  digests: Partial<Record<TrustOwner, string>>;
  /** Every project hook, in configuration order. */
  hooks: ProjectHook[];
  /**
   * Every file the project's command hooks may run: each file their
   * commands name, and the files of the directory each such file lives in
   * (recursively; only its own files for one directly in the project root).
   */
  files: ProjectFile[];
  /**
   * The project's extension code: every file under `.hookgate/extensions/`
   * (modules and their helpers), every module a project layer lists
   * (wherever it is), and what each module imports by a path, transitively.
   */
  extensions: ProjectFile[];
  /** Every variable any hook receives or sends. */
  env: string[];
  /** Every URL any hook calls. */
  urls: string[];
  /**
   * The guards trust records: the closed and policy hooks (and the
   * placeholders of broken ones) on events that gate an action, which stay
   * in force when the project changes until it is trusted again.
   */
  guards: TrustedGuard[];
}

/** One project layer's content, as the digest covers it. */
export interface ProjectLayerContent {
  /** The file (absolute). */
  path: string;
  /** Its hooks. */
  hooks: ConfiguredHooks;
  /** Its `models` section. */
  models?: ModelsConfig;
  /** Its `commandAllowlist`. */
  commandAllowlist?: string[];
  /** Its `httpAllowedUrls`. */
  httpAllowedUrls?: string[];
  /** Its `extensions`, as written. */
  extensions?: string[];
  /** What stands for its broken entries. */
  placeholders?: readonly PlaceholderHook[];
}

/**
 * What a snapshot read, so that a long-lived host can check before a
 * project hook runs that nothing it hashed has changed.
 */
export interface ProjectReads {
  /** Every stat taken (`l:<path>` for `lstat`, `s:<path>` for `stat`) and its signature then. */
  signatures: Map<string, string>;
  /** The stats each project command hook's files took, by {@linkcode projectHookKey}. */
  hooks: Map<string, string[]>;
}

/**
 * Describes and digests a project's layers and extension code. `models`
 * are the endpoints in effect (every layer's), for the URLs and key
 * variables of prompt hooks; `modules` are the modules found in the
 * project's extensions directory.
 *
 * @throws {TrustBoundError} When the code reaches past the digest's bounds.
 */
export async function readProject(
  root: string,
  layers: readonly ProjectLayerContent[],
  models: ModelsConfig | undefined,
  modules: readonly string[] = [],
): Promise<{ snapshot: ProjectSnapshot; reads: ProjectReads }> {
  const reader = new DigestReader(root, realRoot(root));
  const hooks: ProjectHook[] = [];
  const hookReads = new Map<string, string[]>();
  const commands = new Coverage();
  // What each owner's layers run: the digest of what a caller runs itself does not count for it.
  const owned = new Map<TrustOwner, Coverage>();
  for (const layer of layers) {
    const owner = layerOwner(layer.path) ?? "hookgate";
    const coverage = owned.get(owner) ?? new Coverage();
    owned.set(owner, coverage);
    // Every event with hooks, those of events hookgate does not know too: what runs is what is trusted.
    for (const event of Object.keys(layer.hooks) as HookEvent[]) {
      for (const hook of layer.hooks[event] ?? []) {
        let named: ProjectFile[] = [];
        if (hook.type !== "http" && hook.type !== "prompt") {
          const covered = new Coverage();
          named = await commandFiles(reader, hook, covered);
          hookReads.set(projectHookKey(layer.path, hook), [...covered.reads]);
          commands.merge(covered);
          coverage.merge(covered);
        }
        hooks.push(describeHook(event, hook, named, models, relative(root, layer.path)));
      }
    }
  }
  const extensions = await extensionCode(reader, layers, modules);
  const extensionList = sorted(extensions.files);
  if (extensionList.length > 0 && !owned.has("hookgate")) owned.set("hookgate", new Coverage());
  const digestOf = (part: readonly ProjectLayerContent[], files: Coverage, code: readonly ProjectFile[]) =>
    sha256Hex(new TextEncoder().encode(stableJson(coveredBy(root, part, sorted(files.files), code))));
  // The combined digest is computed as it always was: a record of it stays valid.
  const digest = `sha256:${await digestOf(layers, commands, extensionList)}`;
  const digests: Partial<Record<TrustOwner, string>> = {};
  for (const [owner, files] of owned) {
    const part = layers.filter((layer) => (layerOwner(layer.path) ?? "hookgate") === owner);
    digests[owner] = `sha256:${await digestOf(part, files, owner === "hookgate" ? extensionList : [])}`;
  }
  const fileList = sorted(commands.files);
  const snapshot: ProjectSnapshot = {
    root,
    digest,
    digests,
    hooks,
    files: fileList,
    extensions: extensionList,
    env: unique(hooks.flatMap((hook) => hook.env)),
    urls: unique(hooks.flatMap((hook) => hook.urls)),
    guards: guardsOf(root, hooks, layers),
  };
  return { snapshot, reads: { signatures: reader.reads, hooks: hookReads } };
}

/** What one digest covers: the layers as written, the files their hooks run, the extension code. */
function coveredBy(
  root: string,
  layers: readonly ProjectLayerContent[],
  files: readonly ProjectFile[],
  extensions: readonly ProjectFile[],
): unknown {
  return {
    layers: layers.map((layer) => ({
      file: relative(root, layer.path),
      hooks: prune(layer.hooks),
      models: layer.models ?? null,
      commandAllowlist: layer.commandAllowlist ?? null,
      httpAllowedUrls: layer.httpAllowedUrls ?? null,
      ...(layer.extensions ? { extensions: layer.extensions } : {}),
      ...(layer.placeholders?.length ? { placeholders: layer.placeholders } : {}),
    })),
    files: Object.fromEntries(files.map((file) => [file.path, fileMark(file)])),
    ...(extensions.length > 0
      ? { extensions: Object.fromEntries(extensions.map((file) => [file.path, fileMark(file)])) }
      : {}),
  };
}

/**
 * What identifies a project command hook between the snapshot and the
 * runner's entry: its file, command and arguments (hooks alike in these
 * cover the same files).
 */
export function projectHookKey(source: string, hook: { command: string; args?: readonly string[] }): string {
  return `${source}\u0000${hook.command}\u0000${(hook.args ?? []).join("\u0000")}`;
}

/**
 * One file as the digest and the trust file record it: its content's
 * digest, and for a link its text and where it leads, so that pointing a
 * link elsewhere is a change too.
 *
 * @param file A covered file.
 * @returns The text recorded for it.
 *
 * @example A file, and a link to it
 * ```ts
 * import { fileMark } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(fileMark({ path: "guard.sh", sha256: "ab12" }), "ab12");
 * equal(fileMark({ path: "g.sh", sha256: "ab12", link: "guard.sh", target: "guard.sh" }), "ab12 (guard.sh → guard.sh)");
 * ```
 */
export function fileMark(file: ProjectFile): string {
  return file.link === undefined && file.target === undefined
    ? file.sha256
    : `${file.sha256} (${file.link ?? ""} → ${file.target ?? ""})`;
}

/**
 * The files a command hook names (hashed into `into`), and with each the
 * files of the directory it lives in — and of its link's target directory
 * when that is elsewhere in the project.
 */
async function commandFiles(reader: DigestReader, hook: ShellHook, into: Coverage): Promise<ProjectFile[]> {
  const named: ProjectFile[] = [];
  for (const path of namedPaths(hook, reader.root)) {
    const read = await reader.file(path, into);
    if (read === undefined) continue;
    named.push(read.entry);
    const dirs = [dirname(path)];
    const target = read.entry.target;
    if (target !== undefined && read.entry.outside !== true && !isAbsolute(target) && target !== "(missing)") {
      dirs.push(dirname(join(reader.realRoot, target)));
    }
    for (const dir of dirs) {
      if (!reader.inside(dir)) continue;
      // A script directly in the root reaches the root's own files, not the whole repository.
      const top = dir === reader.root || dir === reader.realRoot;
      await reader.tree(dir, !top, into);
    }
  }
  return named;
}

/**
 * The project's extension code: every file under its extensions directory
 * when it has modules there, the modules its layers list (inside the
 * project or not), and what each module imports by a path, transitively.
 */
async function extensionCode(
  reader: DigestReader,
  layers: readonly ProjectLayerContent[],
  modules: readonly string[],
): Promise<Coverage> {
  const code = new Coverage();
  if (modules.length > 0) await reader.tree(join(reader.root, PROJECT_EXTENSIONS_DIR), true, code);
  const pending = [...modules];
  for (const layer of layers) {
    for (const listed of layer.extensions ?? []) {
      try {
        pending.push(resolveHookPath(listed, dirname(layer.path)));
      } catch {
        // Refused when the modules are loaded; the layer's list is in the digest.
      }
    }
  }
  const seen = new Set<string>();
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const read = await reader.file(path, code, true);
    if (read?.bytes === undefined) continue;
    const real = Deno.realPathSync(path);
    pending.push(...moduleImports(new TextDecoder().decode(read.bytes), real));
  }
  return code;
}

function realRoot(root: string): string {
  try {
    return Deno.realPathSync(root);
  } catch {
    return root;
  }
}

function sorted(files: Map<string, ProjectFile>): ProjectFile[] {
  return [...files.values()].sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

function unique(items: string[]): string[] {
  return [...new Set(items)].sort();
}

/** The guards of a project: its closed and policy hooks, and broken entries, on events that gate an action. */
function guardsOf(root: string, hooks: readonly ProjectHook[], layers: readonly ProjectLayerContent[]): TrustedGuard[] {
  const guards: TrustedGuard[] = [];
  const add = (guard: TrustedGuard) => {
    if (isTrustedGuard(guard)) guards.push(guard);
  };
  for (const hook of hooks) {
    const { event, name, matcher, dialect, failurePolicy = "open", policy, source } = hook;
    add({
      event,
      name,
      ...(matcher === "*" ? {} : { matcher }),
      ...(dialect ? { dialect } : {}),
      failurePolicy,
      policy,
      source,
    });
  }
  for (const layer of layers) {
    for (const placeholder of layer.placeholders ?? []) {
      const { event, name, matcher, dialect, failurePolicy, policy } = placeholder;
      add({
        event,
        name,
        ...(matcher === undefined ? {} : { matcher }),
        ...(dialect ? { dialect } : {}),
        failurePolicy,
        policy,
        source: relative(root, layer.path),
      });
    }
  }
  return guards;
}
