// Merging parsed layers into one configuration: hooks concatenate per event
// in layer order; lists and models merge. The project layer may narrow the
// user's security settings, never widen them: its command allowlist and URL
// patterns are intersected with the user's, and it may not replace a model
// endpoint the user defined. Any layer that refuses hook-granted allows
// refuses them: no layer can forward them again.

import type { ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ModelsConfig } from "../models/client.ts";
import type { HookGrants } from "../runner/types.ts";
import { urlPatternCovers } from "../permissions/url_policy.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/** What the merge produces. */
export interface Merged {
  hooks: ConfiguredHooks;
  placeholders: PlaceholderHook[];
  commandAllowlist: string[];
  httpAllowedUrls?: string[];
  models?: ModelsConfig;
  hookGrants: HookGrants;
  sanitizeEnv?: boolean;
}

/** Accumulates layers in order; `project` layers are narrowed at the end. */
export class LayerMerge {
  readonly diagnostics: ConfigDiagnostic[] = [];
  #hooks: ConfiguredHooks = {};
  #placeholders: PlaceholderHook[] = [];
  #seenNames = new Map<string, string>();
  #allowlist: string[] = [];
  #urls: string[] | undefined;
  #models: ModelsConfig | undefined;
  #grants: HookGrants = "forward";
  #sanitizeEnv = false;
  #project: { path: string; parsed: ParsedHooksConfig }[] = [];

  /** Adds one parsed layer. */
  add(path: string, parsed: ParsedHooksConfig, project: boolean): void {
    this.#addHooks(path, parsed.hooks);
    this.#placeholders.push(...parsed.placeholders);
    // Refusing only ever narrows, so a project's refusal counts as the user's does.
    if (parsed.hookGrants === "refuse") this.#grants = "refuse";
    // Any layer may ask for the sanitized environment, a project's too: it only narrows.
    if (parsed.sanitizeEnv === true) this.#sanitizeEnv = true;
    if (project) {
      this.#project.push({ path, parsed });
      return;
    }
    this.#allowlist.push(...parsed.commandAllowlist ?? []);
    if (parsed.httpAllowedUrls !== undefined) this.#urls = [...this.#urls ?? [], ...parsed.httpAllowedUrls];
    if (parsed.models !== undefined) this.#models = mergeModels(this.#models, parsed.models);
  }

  /** The merged configuration, the project's settings narrowed against the user's. */
  result(): Merged {
    let allowlist = this.#allowlist;
    let urls = this.#urls;
    let models = this.#models;
    for (const { path, parsed } of this.#project) {
      const narrowed = parsed.commandAllowlist;
      if (narrowed !== undefined) allowlist = allowlist.filter((name) => narrowed.includes(name));
      for (const name of narrowed ?? []) {
        if (!this.#allowlist.includes(name)) {
          this.#warn(
            path,
            ["commandAllowlist"],
            `the project's commandAllowlist entry "${name}" is ignored: a project may narrow the user's settings, not widen them`,
            `add "${name}" to your user configuration if you want to allow it`,
          );
        }
      }
      if (parsed.httpAllowedUrls !== undefined) urls = intersectPatterns(urls, parsed.httpAllowedUrls);
      if (parsed.models !== undefined) {
        for (const name of Object.keys(parsed.models.endpoints)) {
          if (models !== undefined && Object.hasOwn(models.endpoints, name)) {
            this.#warn(
              path,
              ["models", name],
              `the project's model "${name}" is ignored: it would replace the endpoint of that name from your own configuration`,
              "rename it in the project",
            );
          }
        }
        const endpoints = Object.fromEntries(
          Object.entries(parsed.models.endpoints).filter(([name]) => !Object.hasOwn(models?.endpoints ?? {}, name)),
        );
        const defaultName = models?.default ?? parsed.models.default;
        models = {
          endpoints: { ...endpoints, ...models?.endpoints },
          ...(defaultName === undefined ? {} : { default: defaultName }),
        };
      }
    }
    return {
      hooks: this.#hooks,
      placeholders: this.#placeholders,
      commandAllowlist: allowlist,
      hookGrants: this.#grants,
      ...(urls === undefined ? {} : { httpAllowedUrls: urls }),
      ...(models === undefined ? {} : { models }),
      ...(this.#sanitizeEnv ? { sanitizeEnv: true } : {}),
    };
  }

  #addHooks(path: string, hooks: ConfiguredHooks): void {
    // Every event the layer has hooks for, those of events hookgate does not know too.
    for (const event of Object.keys(hooks) as HookEvent[]) {
      for (const hook of hooks[event] ?? []) {
        if (hook.name !== undefined) {
          const key = `${event}\u0000${hook.name}`;
          const other = this.#seenNames.get(key);
          if (other !== undefined && other !== path) {
            this.#warn(
              path,
              ["hooks", event],
              `hook "${hook.name}" on ${event} is also defined in ${other}; both will run`,
              "layers are concatenated, not overridden: rename one, or remove it from one file",
            );
          }
          this.#seenNames.set(key, path);
        }
        (this.#hooks[event] ??= []).push(hook);
      }
    }
  }

  #warn(file: string, path: (string | number)[], message: string, hint: string): void {
    this.diagnostics.push({ severity: "warning", file, line: 1, column: 1, path, message, hint });
  }
}

/** A later layer's endpoint replaces one of the same name; the last `default` wins. */
function mergeModels(models: ModelsConfig | undefined, next: ModelsConfig): ModelsConfig {
  const defaultName = next.default ?? models?.default;
  return {
    endpoints: { ...models?.endpoints, ...next.endpoints },
    ...(defaultName === undefined ? {} : { default: defaultName }),
  };
}

/**
 * The patterns of both lists that lie inside the other list: a URL matching
 * the result matches both. Unset means "no list", which narrows nothing.
 */
function intersectPatterns(user: string[] | undefined, project: string[]): string[] {
  if (user === undefined) return project;
  const inside = (pattern: string, list: string[]) => list.some((outer) => urlPatternCovers(outer, pattern));
  return [...new Set([...project.filter((p) => inside(p, user)), ...user.filter((u) => inside(u, project))])];
}
