// `hook-run check`: load and validate every layer, print every diagnostic.

import { countShellHooks, formatDiagnostic } from "../../mod.ts";
import { EXAMPLE_PATH, setUpCommand } from "./_config.ts";
import { type CliIo, paint, printable } from "./_io.ts";
import { projectJson, trustCommandLine } from "./_trust.ts";

export const CHECK_HELP = `Usage: hook-run check [--config PATH]... [--cwd DIR] [--json]

Loads and validates the user, project and --config layers and prints every
problem as file:line:col: error|warning: message (hint). Exit code 1 when
there are errors.
`;

export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("check", args, io, CHECK_HELP, false);
  if (setUp === null) return 0;
  const { flags, config } = setUp;
  const files = config.example ? [EXAMPLE_PATH] : config.layers.filter((l) => l.found).map((l) => l.path);
  const errors = config.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = config.diagnostics.length - errors;
  if (flags.json) {
    io.stdout(
      JSON.stringify({
        ok: config.ok,
        files,
        diagnostics: config.diagnostics,
        project: projectJson(config.project, config.trustedByEnv),
      }) + "\n",
    );
    return config.ok ? 0 : 1;
  }
  for (const diagnostic of config.diagnostics) {
    const line = printable(formatDiagnostic(diagnostic));
    io.stdout(`${diagnostic.severity === "error" ? paint(io, "red", line) : paint(io, "yellow", line)}\n`);
  }
  const project = config.project;
  if (project !== undefined) {
    const root = printable(project.snapshot.root);
    io.stdout(
      project.trusted
        ? `project ${root}: trusted${config.trustedByEnv ? " for this run (HOOKGATE_TRUST_PROJECT=1)" : ""}\n`
        : `${paint(io, "yellow", `project ${root}: not trusted`)}: ${plural(project.skipped.length, "hook")} skipped (${
          printable(trustCommandLine(project.snapshot.root))
        } to review and trust)\n`,
    );
  }
  const summary = `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files.length, "file")}`;
  io.stdout(
    config.ok
      ? `${paint(io, "green", "ok")}: ${plural(countShellHooks(config.hooks), "hook")}; ${summary}\n`
      : `${paint(io, "red", "failed")}: ${summary}\n`,
  );
  return config.ok ? 0 : 1;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
