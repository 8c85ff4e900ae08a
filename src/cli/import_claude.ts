// `hook-run import-claude [PATH]`: a Claude Code settings file as native
// JSONC on stdout. Each hook keeps Claude's wire ("dialect": "claude": its
// payload, output rules and matchers), so it behaves exactly as when the
// settings file is loaded directly; what cannot be carried over is listed
// on stderr, each with why.

import { formatDiagnostic, isHookEvent } from "../../mod.ts";
import { parseHooksConfig } from "../config/mod.ts";
import { parseFlags } from "./_args.ts";
import { CliError, type CliIo, printable } from "./_io.ts";
import { absolutePath } from "./_path.ts";

export const IMPORT_CLAUDE_HELP = `Usage: hook-run import-claude [PATH]

Converts a Claude Code settings file (default: .claude/settings.json) into
hookgate's native JSONC on stdout: matchers, timeouts (seconds become
timeoutMs), exec form, headers, environment allowlists and
allowedHttpHookUrls. Every hook keeps "dialect": "claude", so it receives
Claude's payload and is read by Claude's rules, exactly as when hookgate loads
the settings file itself. What cannot be carried over is listed on stderr,
each with why; exit code 1 when the file has errors.
`;

export async function importClaudeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("import-claude", args);
  if (values.help) {
    io.stdout(IMPORT_CLAUDE_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new CliError(`import-claude takes one settings file, got ${positionals.length}`);
  const path = await absolutePath(positionals[0] ?? ".claude/settings.json");
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound ? "it does not exist" : (error as Error).message;
    throw new CliError(`cannot read ${path}: ${reason}`);
  }
  const parsed = parseHooksConfig(text, { path, dialect: "claude" });
  for (const diagnostic of parsed.diagnostics) {
    const line = printable(formatDiagnostic(diagnostic));
    io.stderr(diagnostic.severity === "warning" ? `not carried over: ${line}\n` : `${line}\n`);
  }
  if (!parsed.ok) throw new CliError(`${path} has errors; nothing was converted`);

  const hooks: Record<string, unknown[]> = {};
  for (const [event, list] of Object.entries(parsed.hooks)) {
    if (list === undefined) continue;
    if (!isHookEvent(event)) {
      // A native file names only events hookgate knows; the Claude file keeps running them.
      io.stderr(
        `not carried over: ${list.length} hook(s) of "${
          printable(event)
        }", an event hookgate does not know; a native file refuses it, so keep them in ${printable(path)}\n`,
      );
      continue;
    }
    hooks[event] = list.map(({ source: _source, ...hook }) => hook);
  }
  const native = {
    // Converted by hook-run import-claude; each hook still speaks Claude's wire.
    dialect: "native",
    ...(parsed.httpAllowedUrls ? { httpAllowedUrls: parsed.httpAllowedUrls } : {}),
    hooks,
  };
  io.stdout(
    `// Converted from ${path} by hook-run import-claude.\n// "dialect": "claude" on a hook: it gets Claude's payload, its answers are read by Claude's rules.\n${
      JSON.stringify(native, null, 2)
    }\n`,
  );
  return 0;
}
