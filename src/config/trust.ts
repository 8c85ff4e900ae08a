/**
 * Project trust: a cloned repository's hooks run only once the user has
 * trusted them. Trust is recorded per project directory in the user's state
 * (`$HOOKGATE_HOME/trust.json`) as a digest of the project's configuration
 * and of every file inside the project that its hooks run; any change to
 * either makes the project untrusted again.
 *
 * @module
 */

import { dirname, join, relative } from "node:path";
import { isPlainObject } from "../_internal/json.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import { HOOK_EVENT_NAMES } from "../events/table.ts";
import type { ModelsConfig } from "../models/client.ts";
import { modelBaseUrl, modelEndpointFor } from "../models/resolve.ts";
import { prune, stableJson } from "./equal.ts";
import { hookFiles } from "./_hook_files.ts";

/** The trust file's name inside the user's hookgate directory. */
export const TRUST_FILE = "trust.json";

/**
 * A file inside the project that a hook runs, with its content's digest.
 *
 * @example
 * ```ts
 * import type { ProjectFile } from "@hookgate/core/config";
 *
 * const file: ProjectFile = { path: "scripts/guard.sh", sha256: "9f86d0…" };
 * ```
 */
export interface ProjectFile {
  /** Relative to the project root, `/`-separated. */
  path: string;
  /** The SHA-256 of its content, hex. */
  sha256: string;
}

/**
 * One project hook as `hook-run trust` shows it.
 *
 * @example
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
  /** How it is reached. */
  transport: "command" | "http" | "prompt";
  /** The command line, the URL, or the prompt. */
  target: string;
  /** Whether it claims `policy: true`. */
  policy: boolean;
  /** Project files it runs. */
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
 * @example
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
  /** Every project hook, in configuration order. */
  hooks: ProjectHook[];
  /** Every project file a hook runs. */
  files: ProjectFile[];
  /** Every variable any hook receives or sends. */
  env: string[];
  /** Every URL any hook calls. */
  urls: string[];
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
}

/**
 * Describes and digests a project's layers. `models` are the endpoints in
 * effect (every layer's), for the URLs and key variables of prompt hooks.
 */
export async function snapshotProject(
  root: string,
  layers: readonly ProjectLayerContent[],
  models: ModelsConfig | undefined,
): Promise<ProjectSnapshot> {
  const hooks: ProjectHook[] = [];
  const files = new Map<string, string>();
  for (const layer of layers) {
    for (const event of HOOK_EVENT_NAMES) {
      for (const hook of layer.hooks[event] ?? []) {
        const paths = await hookFiles(hook, root);
        const hashed: ProjectFile[] = [];
        for (const path of paths) {
          const sha256 = files.get(path) ?? await sha256File(join(root, path));
          files.set(path, sha256);
          hashed.push({ path, sha256 });
        }
        hooks.push(describeHook(event, hook, hashed, models, relative(root, layer.path)));
      }
    }
  }
  const fileList = [...files].sort(([a], [b]) => a < b ? -1 : 1).map(([path, sha256]) => ({ path, sha256 }));
  const covered = {
    layers: layers.map((layer) => ({
      file: relative(root, layer.path),
      hooks: prune(layer.hooks),
      models: layer.models ?? null,
      commandAllowlist: layer.commandAllowlist ?? null,
      httpAllowedUrls: layer.httpAllowedUrls ?? null,
    })),
    files: Object.fromEntries(fileList.map((file) => [file.path, file.sha256])),
  };
  return {
    root,
    digest: `sha256:${await sha256Text(stableJson(covered))}`,
    hooks,
    files: fileList,
    env: unique(hooks.flatMap((hook) => hook.env)),
    urls: unique(hooks.flatMap((hook) => hook.urls)),
  };
}

function describeHook(
  event: HookEvent,
  hook: ConfiguredHook,
  files: ProjectFile[],
  models: ModelsConfig | undefined,
  source: string,
): ProjectHook {
  const base = { event, matcher: hook.matcher ?? "*", policy: hook.policy === true, files, source };
  switch (hook.type) {
    case "http":
      return {
        ...base,
        name: hook.name ?? hook.url,
        transport: "http",
        target: hook.url,
        env: [...hook.allowedEnvVars ?? []],
        urls: [hook.url],
      };
    case "prompt": {
      const endpoint = modelEndpointFor(models, hook.model);
      return {
        ...base,
        name: hook.name ?? `prompt(${hook.model ?? "default model"})`,
        transport: "prompt",
        target: hook.prompt,
        env: endpoint?.apiKeyEnv ? [endpoint.apiKeyEnv] : [],
        urls: endpoint ? [modelBaseUrl(endpoint)] : [],
      };
    }
    default: {
      const command = hook.args === undefined ? hook.command : [hook.command, ...hook.args].join(" ");
      return {
        ...base,
        name: hook.name ?? hook.command,
        transport: "command",
        target: command,
        env: [...hook.passEnv ?? []],
        urls: [],
      };
    }
  }
}

// ---------------------------------------------------------------------------
// The trust file

/**
 * What the trust file records for one project.
 *
 * @example
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
  /** The digest trusted. */
  digest: string;
  /** When. */
  trustedAt: string;
  /** One line per hook, to show what changed since. */
  hooks: string[];
  /** The files' digests, to show which changed since. */
  files: Record<string, string>;
}

/**
 * The trust file: trusted projects by absolute root.
 *
 * @example
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
 * @example
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
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { version: 1, projects: {} };
    throw new TrustFileError(path, `it cannot be read (${(error as Error).message})`);
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
 * @example
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

/** The record trust keeps of a snapshot. */
export function trustRecord(snapshot: ProjectSnapshot, now: Date = new Date()): TrustRecord {
  return {
    digest: snapshot.digest,
    trustedAt: now.toISOString(),
    hooks: snapshot.hooks.map(projectHookLine),
    files: Object.fromEntries(snapshot.files.map((file) => [file.path, file.sha256])),
  };
}

/**
 * One line per hook, as the trust file keeps it to show what changed:
 * event, matcher, name, transport and target.
 *
 * @param hook A project hook.
 * @returns The line.
 *
 * @example
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
  const matcher = hook.matcher === "*" ? "" : ` [${hook.matcher}]`;
  return `${hook.event}${matcher} ${hook.name} (${hook.transport}): ${hook.target}`;
}

async function sha256File(path: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", await Deno.readFile(path)));
}

async function sha256Text(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function unique(items: string[]): string[] {
  return [...new Set(items)].sort();
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
 * @example
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
