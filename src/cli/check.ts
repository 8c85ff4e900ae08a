// `hook-run check`: load and validate every layer, print every diagnostic.

import {
  AGENT_LABELS,
  compilePolicy,
  type ConfigDiagnostic,
  countShellHooks,
  formatDiagnostic,
  placeholderDenies,
  type PlaceholderHook,
  type PolicyRule,
  type ProjectTrust,
} from "../../mod.ts";
import { defaultHome, permissionDiagnostics } from "../config/mod.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { loadCliExtensions } from "./_extensions.ts";
import { EXAMPLE_PATH, setUpCommand } from "./_config.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint } from "./_io.ts";
import { trustCommandLine } from "../host/mod.ts";
import { MANAGED_LINE, projectJson } from "./_trust.ts";
import { foundAbove } from "./_project_root.ts";

export const CHECK_HELP =
  `Usage: hook-run check [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR] [--json]

Loads and validates the user, project and --config layers and prints every
problem as file:line:col: error|warning: message (hint), then what stands in
for each broken entry: a placeholder that runs nothing (and, where the entry
was closed or policy, denies what it could match). A hook that could not run
under this process's Deno permissions (its program, host or variables not
granted) is an error naming the flag: run check as the agent runs hook-run,
and it tells the truth. Extension modules (configured, discovered,
--extension) are imported to check them: their factories run. Exit code 1
when there are errors.
`;

export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("check", args, io, CHECK_HELP, false);
  if (setUp === null) return 0;
  const { flags, config } = setUp;
  const extensions = await loadCliExtensions(config, flags.extensions);
  extensions.close();
  // A hook Deno would refuse at run time (and skip, if open) fails check now.
  const permissions = permissionDiagnostics(config.hooks, {
    ...(config.models ? { models: config.models } : {}),
    projectDir: config.projectRoot,
    ...(config.sanitizeEnv ? { sanitizeEnv: true } : {}),
  });
  const launcher = await staleLauncher();
  const diagnostics = [
    ...config.diagnostics,
    ...extensions.diagnostics,
    ...permissions,
    ...trustWrite(config.project),
    ...launcher,
  ];
  const ok = config.ok && extensions.diagnostics.length === 0 && !permissions.some((d) => d.severity === "error") &&
    launcher.length === 0;
  const files = config.example ? [EXAMPLE_PATH] : config.layers.filter((l) => l.found).map((l) => l.path);
  // Files an agent runs itself: shown, so nobody expects hookgate to run them for it as well.
  const agentFiles = config.layers.flatMap(({ path, owner, found }) => found && owner ? [{ path, owner }] : []);
  // The administrator's files: in force whatever the other layers say.
  const managed = config.layers.filter((layer) => layer.kind === "managed" && layer.found).map((layer) => layer.path);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const rules = rulesInForce(config.rules);
  if (flags.json) {
    io.stdout(
      JSON.stringify({
        ok,
        files,
        extensions: extensions.modules,
        diagnostics,
        placeholders: (config.placeholders ?? []).map((p) => ({ ...p, denies: placeholderDenies(p) })),
        project: projectJson(config.project, config.trustedByEnv),
        runByAgent: agentFiles.map(({ path, owner }) => ({ file: path, agent: owner })),
        ...(managed.length === 0 ? {} : { managed }),
        ...(rules.length === 0 ? {} : { rules }),
      }) + "\n",
    );
    return ok ? 0 : 1;
  }
  for (const diagnostic of diagnostics) {
    const line = printable(formatDiagnostic(diagnostic));
    io.stdout(`${diagnostic.severity === "error" ? paint(io, "red", line) : paint(io, "yellow", line)}\n`);
  }
  for (const placeholder of config.placeholders ?? []) io.stdout(`${printable(placeholderLine(placeholder))}\n`);
  for (const path of managed) io.stdout(`${printable(path)}: ${MANAGED_LINE}\n`);
  for (const { path, owner } of agentFiles) {
    io.stdout(
      `${printable(path)}: run by ${AGENT_LABELS[owner]} itself (hook-run gateway and serve leave its hooks to ${
        AGENT_LABELS[owner]
      }; hook-run run and other callers run them)\n`,
    );
  }
  for (const line of rulesLines(rules)) io.stdout(`${line}\n`);
  const found = config.projectFound;
  if (found.root !== found.start) io.stdout(`project root ${printable(found.root)}${foundAbove(found)}\n`);
  const project = config.project;
  if (project !== undefined) {
    const root = printable(project.snapshot.root);
    io.stdout(
      project.trusted
        ? `project ${root}: trusted${config.trustedByEnv ? " for this run (HOOKGATE_TRUST_PROJECT=1)" : ""}\n`
        : `${paint(io, "yellow", `project ${root}: not trusted`)}: ${skippedText(project)} (${
          printable(trustCommandLine(project.snapshot.root))
        } to review and trust)\n`,
    );
  }
  const summary = `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files.length, "file")}`;
  const modules = extensions.modules.length === 0 ? "" : `, ${plural(extensions.modules.length, "extension module")}`;
  io.stdout(
    ok
      ? `${paint(io, "green", "ok")}: ${plural(countShellHooks(config.hooks), "hook")}${
        rules.length === 0 ? "" : `, ${plural(rules.filter((rule) => !rule.inactive).length, "rule")}`
      }${modules}; ${summary}\n`
      : `${paint(io, "red", "failed")}: ${summary}\n`,
  );
  return ok ? 0 : 1;
}

/**
 * An error when the launcher hook-run install built would not start (its
 * Deno or bundle gone) or runs another hook-run than this one: the agent's
 * every call then fails or runs old code.
 */
async function staleLauncher(): Promise<ConfigDiagnostic[]> {
  const home = defaultHome();
  if (home === undefined) return [];
  const { launcherDiagnostics } = await import("../install/mod.ts");
  const userHome = readGrantedEnv("HOME");
  return await launcherDiagnostics(home, userHome === undefined ? undefined : `${userHome}/.claude/settings.json`);
}

/** A warning when hook-run trust could not record trust in this project under this process's permissions. */
function trustWrite(project: ProjectTrust | undefined): ConfigDiagnostic[] {
  const file = project?.trustFile;
  if (project === undefined || project.trusted || file === undefined) return [];
  if (Deno.permissions.querySync({ name: "write", path: file }).state === "granted") return [];
  const home = file.replace(/[\\/][^\\/]*$/, "");
  return [{
    severity: "warning",
    file,
    line: 1,
    column: 1,
    path: [],
    message:
      `hook-run trust cannot record trust under this process's Deno permissions: Deno's --allow-write does not include "${home}"`,
    hint: `add --allow-write=${home}`,
  }];
}

/** What stands in for a broken entry, and what it does there. */
/** The rules of every layer whose rules can be read (a broken layer is an error above). */
function rulesInForce(layers: Parameters<typeof compilePolicy>[0] | undefined): readonly PolicyRule[] {
  if (layers === undefined) return [];
  try {
    return compilePolicy(layers).rules;
  } catch {
    return [];
  }
}

/** The rules in force, layer by layer: `rules of FILE (user):`, then one line per rule. */
function rulesLines(rules: readonly PolicyRule[]): string[] {
  const lines: string[] = [];
  let file: string | undefined;
  for (const rule of rules) {
    if (rule.layer.path !== file) {
      file = rule.layer.path;
      lines.push(`rules of ${printable(file)} (${rule.layer.kind}):`);
    }
    const set = rule.set === undefined ? "" : ` (set "${printable(rule.set)}")`;
    const inactive = rule.inactive ? " (not applied until the project is trusted)" : "";
    lines.push(`  ${rule.list.padEnd(5)} ${printable(rule.rule)}${set}${inactive}`);
  }
  return lines;
}

function placeholderLine(placeholder: PlaceholderHook): string {
  const { event, name, source, line, column } = placeholder;
  const does = placeholderDenies(placeholder) ? "runs nothing and denies every call it could match" : "runs nothing";
  return `placeholder ${event} ${JSON.stringify(name)} (${source}:${line}:${column}): ${does}`;
}

function skippedText(project: ProjectTrust): string {
  const hooks = `${plural(project.skipped.length, "hook")} skipped`;
  const modules = project.skippedExtensions.length;
  return modules === 0 ? hooks : `${hooks}, ${plural(modules, "extension file")} not loaded`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
