/**
 * Reading a project into what it asks to be trusted with: its hooks, every
 * file they and its extension code may run, the variables and URLs they
 * reach, and one digest of the project's configuration and those files
 * (and one per owner) — the value trust records. The shapes are in
 * types.ts, the files the code may run are found by _project_code.ts.
 *
 * @module
 */

import { relative } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ModelsConfig } from "../models/client.ts";
import { prune, stableJson } from "./canonical.ts";
import { Coverage, DigestReader, sha256Hex } from "./_digest_reader.ts";
import { describeHook } from "./_describe_hook.ts";
import { commandFiles, extensionCode } from "./_project_code.ts";
import { layerOwner } from "./agent_files.ts";
import { isTrustedGuard, type TrustedGuard } from "./trusted_guards.ts";
import type {
  ProjectFile,
  ProjectHook,
  ProjectLayerContent,
  ProjectReads,
  ProjectSnapshot,
  TrustOwner,
} from "./types.ts";

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
      // Only with rules: digests of projects without them stay what they were.
      ...(layer.rules ? { rules: layer.rules } : {}),
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

function realRoot(root: string): string {
  try {
    return reads.realPathSync(root);
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
