// Reading one layer file. A missing default layer is no layer; a file that
// is there but cannot be read (a link that leads nowhere, no permission)
// stands for what it might have held, its placeholders denying the gating
// events; a readable one is parsed — a clean file quickly, anything else
// with jsonc-parser and zod, loaded only then — and loses the entries that
// route the agent's events to hookgate.

import type { PathProbe } from "../_internal/absent.ts";
import * as reads from "../_internal/fs_reads.ts";
import { parsePluginFile } from "./_claude_plugins.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ConfigLayer } from "./layers.ts";
import type { ConfigDialect, ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";
import { parsePlainConfig } from "./_plain.ts";
import { unreadLayer, unreadReason } from "./_placeholders.ts";
import { type RoutingEntry, withoutRouting } from "./routing.ts";

/** A layer read, and what it parsed to. */
export interface ReadLayer {
  /** The layer (its `found`, `unreadable` and `dialect` set by the read). */
  layer: ConfigLayer;
  /** Its content, or what stands for it. */
  parsed: ParsedHooksConfig;
}

/** What the reads of one load share, and where they put what they found. */
export interface LayerReads {
  /** Each directory looked at once: most default layers are missing, and a failed read costs. */
  probe: PathProbe;
  /** The dialect forced for every file, if any. */
  dialect: ConfigDialect | undefined;
  /** The layers read, in order. */
  layers: ReadLayer[];
  /** Every diagnostic, in order. */
  diagnostics: ConfigDiagnostic[];
  /** The entries left out because they route to hookgate. */
  routing: RoutingEntry[];
}

/** Reads `layer` into `into`; a missing default (or optional) layer adds nothing. */
export async function readLayer(layer: ConfigLayer, into: LayerReads): Promise<void> {
  const before = await into.probe.before(layer.path);
  let text: string | undefined;
  // Why it could not be read; none when nothing is there (its directory is not).
  let failure: unknown;
  // Only nothing at the path is "absent": a link that leads nowhere is a broken layer.
  let broken = before.absent ? undefined : before.broken;
  if (!before.absent && broken === undefined) {
    try {
      text = await reads.readTextFile(layer.path);
      layer.found = true;
    } catch (error) {
      failure = error;
      if (error instanceof Deno.errors.NotFound) {
        const after = await into.probe.afterNotFound(layer.path);
        if (!after.absent) broken = after.broken;
      }
    }
  }
  if (text === undefined) {
    const absent = broken === undefined && (failure === undefined || failure instanceof Deno.errors.NotFound);
    const missingIsFine = layer.kind === "managed" || layer.kind === "user" || layer.kind === "project" ||
      layer.optional === true;
    if (absent && missingIsFine) return;
    if (!absent) {
      layer.found = true;
      layer.unreadable = unreadReason(failure, broken);
    }
    // Nothing of it can be known: it stands for what it might have held
    // (a project's file, only once the project is trusted).
    const parsed = unreadLayer(layer.path, failure ?? new Deno.errors.NotFound(layer.path), broken);
    into.diagnostics.push(...parsed.diagnostics);
    into.layers.push({ layer, parsed });
    return;
  }
  const dialect = into.dialect ?? layer.dialect;
  const parse = (text: string) => parseConfigText(text, { path: layer.path, ...(dialect ? { dialect } : {}) });
  const read = layer.kind === "plugin" ? await parsePluginFile(text, layer, parse) : await parse(text);
  if (read.dialect !== null) layer.dialect = read.dialect;
  into.diagnostics.push(...read.diagnostics);
  const parsed = withoutRouting(read, layer.path, into.diagnostics, into.routing, layer.owner !== undefined);
  into.layers.push({ layer, parsed });
}

/**
 * Parses one file: a clean one quickly, anything else with jsonc-parser and
 * zod, loaded only then (a hook-run per tool call must not pay for them).
 */
export async function parseConfigText(text: string, options: ParseHooksConfigOptions): Promise<ParsedHooksConfig> {
  return parsePlainConfig(text, options) ?? (await import("./parse.ts")).parseHooksConfig(text, options);
}
