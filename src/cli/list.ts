// `hook-run list`: a table of events → hooks, as the registry resolves them.

import {
  AGENT_LABELS,
  compilePolicy,
  formatDiagnostic,
  type HookAgent,
  type HookEntry,
  HookRegistry,
  placeholderDenies,
} from "../../mod.ts";
import { layerOwner } from "../config/mod.ts";
import { loadCliExtensions } from "./_extensions.ts";
import { setUpCommand } from "./_config.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint, table } from "./_io.ts";
import { trustCommandLine } from "../host/mod.ts";

export const LIST_HELP =
  `Usage: hook-run list [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR] [--json]

Lists the configured hooks per event with their resolved controls: name,
matcher, transport, stage, policy, timeout, trust, who runs it when its
agent calls (hookgate, or the agent itself for the hooks of its own
settings files, such as .claude/settings.json) and source file, then the
handlers of extension modules (imported to list them: their factories run).
An untrusted project's hooks and modules are listed too, marked untrusted:
they do not run; so are entries that route the agent's events to hookgate
(hook-run gateway, hook-run serve), marked routing: they are not hooks. A
broken entry is listed as a placeholder, with its place: it runs nothing
("hook-run check" says why).
`;

export async function listCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("list", args, io, LIST_HELP, false);
  if (setUp === null) return 0;
  const { flags, config } = setUp;
  if (!config.ok) {
    const count = config.diagnostics.filter((d) => d.severity === "error").length;
    io.stderr(
      `hook-run: the configuration has ${count === 1 ? "1 error" : `${count} errors`}; what ${
        count === 1 ? "it breaks is" : "they break is"
      } listed as placeholders (run "hook-run check" to see them)\n`,
    );
  }
  const registry = new HookRegistry();
  registry.loadShellHooks(config.hooks);
  const extensions = await loadCliExtensions(config, flags.extensions);
  extensions.close();
  if (extensions.diagnostics.length > 0) {
    for (const diagnostic of extensions.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
    throw new CliError(`${extensions.diagnostics.length} extension module(s) cannot be loaded; run "hook-run check"`);
  }
  const project = config.project;
  const { relative } = await import("node:path");
  const shownPath = (source: string) =>
    source.startsWith("/") && !relative(config.projectRoot, source).startsWith("..")
      ? relative(config.projectRoot, source)
      : source;
  const projectFiles = new Set(config.layers.filter((layer) => layer.kind === "project").map((layer) => layer.path));
  // The administrator's files need no trust: they are trusted by where they are.
  const managedFiles = new Set(config.layers.filter((layer) => layer.kind === "managed").map((layer) => layer.path));
  const trustOf = (source: string) =>
    managedFiles.has(source)
      ? "managed"
      : !projectFiles.has(source)
      ? "-"
      : config.trustedByEnv
      ? "trusted (env)"
      : "trusted";
  // Who runs a hook when its agent calls: the agent itself for its own settings files.
  const runBy = (source: string): HookAgent | "hookgate" => layerOwner(source) ?? "hookgate";
  const rows = [
    // The policy rules run first among the validators, on every tool call.
    ...policyRules(config.rules).map((rule) => ({
      event: "PreToolUse",
      name: `rule ${rule.list} ${rule.rule}${rule.set === undefined ? "" : ` (set ${rule.set})`}`,
      matcher: "*",
      transport: "rule",
      stage: "validate",
      policy: true,
      failurePolicy: "closed",
      timeoutMs: null,
      background: false,
      source: shownPath(rule.layer.path),
      // An untrusted project's deny and ask rules apply (they only restrict); its allow rules wait.
      trust: rule.inactive
        ? "untrusted"
        : projectFiles.has(rule.layer.path) && project?.trusted !== true
        ? "untrusted, applies"
        : trustOf(rule.layer.path),
      runBy: "hookgate" as const,
    })),
    ...registry.all().map((entry) => describe(entry, shownPath, trustOf, runBy)),
    ...(config.placeholders ?? []).map((placeholder) => ({
      event: placeholder.event,
      name: placeholder.name,
      matcher: placeholder.matcher ?? "*",
      transport: "placeholder",
      stage: placeholder.event === "PreToolUse" ? placeholder.stage ?? "validate" : "-",
      policy: placeholder.policy,
      failurePolicy: placeholder.failurePolicy,
      timeoutMs: null,
      background: false,
      source: `${shownPath(placeholder.source)}:${placeholder.line}:${placeholder.column}`,
      trust: trustOf(placeholder.source),
      runBy: runBy(placeholder.source),
      placeholder: {
        reason: placeholder.reason,
        fix: placeholder.fix,
        covers: placeholder.covers,
        denies: placeholderDenies(placeholder),
      },
    })),
    ...extensions.entries.map((entry) => describe(entry, shownPath, trustOf, runBy)),
    // An untrusted project's hooks are listed too: they are what trust would let in.
    ...(project?.skipped ?? []).map((hook) => ({
      event: hook.event,
      name: hook.name,
      matcher: hook.matcher,
      transport: hook.transport,
      stage: "-",
      policy: hook.policy,
      failurePolicy: "-",
      timeoutMs: null,
      background: false,
      source: hook.source,
      trust: "untrusted",
      runBy: runBy(hook.source),
    })),
    // The agent's routing into hookgate, found in a layer: never run as a hook.
    ...(config.routing ?? []).map((entry) => ({
      event: entry.event,
      name: entry.target,
      matcher: "-",
      transport: /^https?:/.test(entry.target) ? "http" : "command",
      stage: "-",
      policy: false,
      failurePolicy: "-",
      timeoutMs: null,
      background: false,
      source: shownPath(entry.source),
      trust: "routing",
      runBy: runBy(entry.source),
    })),
    ...(project?.skippedExtensions ?? []).map((file) => ({
      event: "-",
      name: file,
      matcher: "-",
      transport: "extension",
      stage: "-",
      policy: false,
      failurePolicy: "-",
      timeoutMs: null,
      background: false,
      source: file,
      trust: "untrusted",
      runBy: "hookgate" as const,
    })),
  ];
  if (flags.json) {
    io.stdout(JSON.stringify(rows) + "\n");
    return 0;
  }
  if (rows.length === 0) {
    io.stdout("no hooks configured\n");
    return 0;
  }
  const header = [
    "EVENT",
    "NAME",
    "MATCHER",
    "TRANSPORT",
    "STAGE",
    "POLICY",
    "FAILURE",
    "TIMEOUT",
    "TRUST",
    "RUN BY",
    "SOURCE",
  ];
  const text = table([
    header,
    ...rows.map((r) => [
      r.event,
      r.name,
      r.matcher,
      r.transport,
      r.stage,
      r.policy ? "policy" : "-",
      r.failurePolicy,
      r.timeoutMs === null ? "-" : `${r.timeoutMs} ms${r.background ? " (bg)" : ""}`,
      r.trust,
      r.runBy === "hookgate" ? "hookgate" : AGENT_LABELS[r.runBy],
      r.source,
    ]),
  ]);
  const [first, ...rest] = text.split("\n");
  io.stdout(`${paint(io, "bold", first!)}\n${rest.join("\n")}`);
  if (config.routing !== undefined) {
    io.stdout(
      `routing: each routes the agent's events to hookgate (hook-run gateway, hook-run serve) and is not run as a hook\n`,
    );
  }
  const agents = [...new Set(rows.flatMap((r) => r.runBy === "hookgate" ? [] : [AGENT_LABELS[r.runBy]]))];
  for (const agent of agents) {
    io.stdout(
      `run by ${agent}: it runs the hooks of its own settings files itself; hook-run gateway and serve leave them to it\n`,
    );
  }
  if (project !== undefined && !project.trusted) {
    io.stdout(
      `untrusted hooks do not run: ${printable(trustCommandLine(project.snapshot.root))} to review and trust\n`,
    );
  }
  return 0;
}

function describe(
  entry: HookEntry,
  shownPath: (source: string) => string,
  trustOf: (source: string) => string,
  runBy: (source: string) => HookAgent | "hookgate",
) {
  // An extension handler's source is its module (the owner is "extension:<path>").
  const source = entry.transport === "in-process"
    ? entry.owner?.replace(/^extension:/, "") ?? ""
    : entry.hook.source ?? "";
  const toolRule = entry.transport === "in-process" || entry.transport === "placeholder"
    ? undefined
    : entry.hook.toolRule;
  return {
    event: entry.event,
    name: entry.name,
    // A tool rule narrows the matcher: shown beside it, as Claude's "if".
    matcher: toolRule === undefined ? entry.matcher : `${entry.matcher} if ${toolRule}`,
    transport: entry.transport,
    stage: entry.event === "PreToolUse" ? entry.stage : "-",
    policy: entry.policy,
    failurePolicy: entry.failurePolicy,
    timeoutMs: entry.timeoutMs,
    background: entry.background,
    source: shownPath(source),
    trust: trustOf(source),
    runBy: runBy(source),
  };
}

/** The rules of every layer, in force or waiting for trust (a broken layer's are its placeholders). */
function policyRules(layers: Parameters<typeof compilePolicy>[0] | undefined) {
  if (layers === undefined) return [];
  try {
    return compilePolicy(layers).rules;
  } catch {
    return [];
  }
}
