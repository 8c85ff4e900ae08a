/**
 * What a project asks to be trusted with: its hooks, the files inside the
 * project they run, the variables and URLs they reach, and one digest of
 * the project's configuration and those files — the value trust records.
 *
 * @module
 */

import { dirname, isAbsolute, join, relative, SEP } from "../_internal/path.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import { HOOK_EVENT_NAMES } from "../events/table.ts";
import type { ModelsConfig } from "../models/client.ts";
import { modelBaseUrl, modelEndpointFor } from "../models/resolve.ts";
import { prune, stableJson } from "./equal.ts";
import { hookFiles } from "./_hook_files.ts";
import { filesUnder, PROJECT_EXTENSIONS_DIR, resolveHookPath } from "./extension_paths.ts";

/**
 * A file inside the project that a hook runs, with its content's digest.
 *
 * @example A script a hook runs
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
  /** Every project hook, in configuration order. */
  hooks: ProjectHook[];
  /** Every project file a hook runs. */
  files: ProjectFile[];
  /**
   * The project's extension code: every file under `.hookgate/extensions/`
   * (modules and their helpers) and every module a project layer lists
   * inside the project.
   */
  extensions: ProjectFile[];
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
  /** Its `extensions`, as written. */
  extensions?: string[];
}

/**
 * Describes and digests a project's layers and extension code. `models`
 * are the endpoints in effect (every layer's), for the URLs and key
 * variables of prompt hooks; `modules` are the modules found in the
 * project's extensions directory.
 */
export async function snapshotProject(
  root: string,
  layers: readonly ProjectLayerContent[],
  models: ModelsConfig | undefined,
  modules: readonly string[] = [],
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
  const extensions = await extensionFiles(root, layers, modules);
  const covered = {
    layers: layers.map((layer) => ({
      file: relative(root, layer.path),
      hooks: prune(layer.hooks),
      models: layer.models ?? null,
      commandAllowlist: layer.commandAllowlist ?? null,
      httpAllowedUrls: layer.httpAllowedUrls ?? null,
      ...(layer.extensions ? { extensions: layer.extensions } : {}),
    })),
    files: Object.fromEntries(fileList.map((file) => [file.path, file.sha256])),
    ...(extensions.length > 0 ? { extensions: Object.fromEntries(extensions.map((f) => [f.path, f.sha256])) } : {}),
  };
  return {
    root,
    digest: `sha256:${await sha256Text(stableJson(covered))}`,
    hooks,
    files: fileList,
    extensions,
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

/**
 * The project's extension code, hashed: every file under its extensions
 * directory when it has modules there, and the modules its layers list
 * inside the project.
 */
async function extensionFiles(
  root: string,
  layers: readonly ProjectLayerContent[],
  modules: readonly string[],
): Promise<ProjectFile[]> {
  const paths = new Set(modules.length > 0 ? await filesUnder(join(root, PROJECT_EXTENSIONS_DIR), root) : []);
  for (const layer of layers) {
    for (const listed of layer.extensions ?? []) {
      let inside: string;
      try {
        inside = relative(root, resolveHookPath(listed, dirname(layer.path)));
      } catch {
        continue;
      }
      if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) continue;
      paths.add(inside.split(SEP).join("/"));
    }
  }
  const hashed: ProjectFile[] = [];
  for (const path of [...paths].sort()) {
    try {
      hashed.push({ path, sha256: await sha256File(join(root, path)) });
    } catch {
      // Not there: the layer's list (in the digest) still names it.
    }
  }
  return hashed;
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
