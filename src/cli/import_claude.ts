// `hook-run import-claude [PATH]`: a Claude Code settings file as native
// JSONC on stdout. Each hook keeps Claude's wire ("dialect": "claude": its
// payload, output rules and matchers), so it behaves exactly as when the
// settings file is loaded directly; what cannot be carried over is listed
// on stderr, each with why. --write makes it the project's
// .hookgate/config.jsonc, which hookgate runs for Claude (Claude runs its
// own .claude/settings.json itself); --move also takes the hooks out of
// the Claude file, so that each runs once.

import { formatDiagnostic, isHookEvent } from "../../mod.ts";
import { hookgateRoute, parseHooksConfig } from "../config/mod.ts";
import {
  claudeHandlerHook,
  claudeOnlyHandler,
  claudeRoutedEvents,
  type ClaudeSettings,
  claudeSettingsProblem,
  splitClaudeSettings,
} from "../dialects/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { absolutePath } from "./_path.ts";

export const IMPORT_CLAUDE_HELP = `Usage: hook-run import-claude [PATH] [--write [--move]] [--cwd DIR]

Converts a Claude Code settings file (default: the project's
.claude/settings.json) into hookgate's native JSONC on stdout: matchers,
timeouts (seconds become timeoutMs), exec form, headers, environment
allowlists and allowedHttpHookUrls. Every hook keeps "dialect": "claude", so
it receives Claude's payload and is read by Claude's rules, exactly as when
hookgate loads the settings file itself. Entries that route to hookgate
(hook-run gateway, hook-run serve) are not hooks and stay out. What cannot be
carried over is listed on stderr, each with why; exit code 1 when the file
has errors.

Options:
  --write     write the result as the project's .hookgate/config.jsonc (which must
              not exist yet) instead of printing it: hookgate runs those hooks for
              Claude Code, with its guarantees, once you trust the project
  --move      with --write, also take the converted hooks out of the Claude file
              (after a timestamped backup; the routing stays), so that Claude does
              not run them as well; refused when anything cannot be carried over
  --cwd DIR   the project (default: the current directory)
`;

export async function importClaudeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("import-claude", args, {
    write: { type: "boolean" },
    move: { type: "boolean" },
  });
  if (values.help) {
    io.stdout(IMPORT_CLAUDE_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new CliError(`import-claude takes one settings file, got ${positionals.length}`);
  const write = values.write === true || values.move === true;
  const project = await absolutePath(commonFlags(values).cwd ?? ".");
  const path = positionals[0] === undefined ? `${project}/.claude/settings.json` : await absolutePath(positionals[0]);
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound ? "it does not exist" : (error as Error).message;
    throw new CliError(`cannot read ${path}: ${reason}`);
  }
  const parsed = parseHooksConfig(text, { path, dialect: "claude" });
  // The routing to hookgate is no hook: it is not converted, and nothing said about it is.
  const { routing, claudeOnly } = handlerPlaces(text);
  const place = (d: { path: (string | number)[] }) => d.path.slice(0, 5).join("/");
  const diagnostics = parsed.diagnostics.filter((d) => !routing.has(place(d)) && !claudeOnly.has(place(d)));
  for (const diagnostic of diagnostics) {
    const line = printable(formatDiagnostic(diagnostic));
    io.stderr(diagnostic.severity === "warning" ? `not carried over: ${line}\n` : `${line}\n`);
  }
  // What hookgate cannot run outside Claude is no loss: it stays where Claude runs it.
  for (const [at, why] of claudeOnly) {
    const [, event, group, , handler] = at.split("/");
    io.stderr(
      `left to Claude Code: hooks.${printable(event!)}[${group}].hooks[${handler}]: ${why}; it stays in ${
        printable(path)
      }, where Claude runs it\n`,
    );
  }
  if (!parsed.ok) throw new CliError(`${path} has errors; nothing was converted`);

  const hooks: Record<string, unknown[]> = {};
  let count = 0;
  for (const [event, all] of Object.entries(parsed.hooks)) {
    const list = all?.filter((hook) => hookgateRoute(hook) === undefined);
    if (list === undefined || list.length === 0) continue;
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
    count += list.length;
  }
  const native = {
    // Converted by hook-run import-claude; each hook still speaks Claude's wire.
    dialect: "native",
    ...(parsed.httpAllowedUrls ? { httpAllowedUrls: parsed.httpAllowedUrls } : {}),
    hooks,
  };
  const output =
    `// Converted from ${path} by hook-run import-claude.\n// "dialect": "claude" on a hook: it gets Claude's payload, its answers are read by Claude's rules.\n${
      JSON.stringify(native, null, 2)
    }\n`;
  if (!write) {
    io.stdout(output);
    return 0;
  }

  const target = `${project}/.hookgate/config.jsonc`;
  if (await Deno.lstat(target).then(() => true, () => false)) {
    throw new CliError(
      `${printable(target)} exists already: merge the converted hooks into it by hand (without --write, ` +
        `hook-run import-claude prints them); nothing was changed`,
    );
  }
  const moving = values.move === true ? await movePlan(path, text, diagnostics.length) : undefined;
  const { replaceFile, backUp, jsonText } = await import("../install/mod.ts");
  await replaceFile(target, output);
  io.stdout(`wrote ${printable(target)}: ${count === 1 ? "1 hook" : `${count} hooks`} from ${printable(path)}\n`);
  if (moving !== undefined) {
    // The hooks are in hookgate's file before they leave Claude's.
    io.stdout(`backup ${printable(await backUp(path))}\n`);
    await replaceFile(path, jsonText(moving));
    io.stdout(`moved them out of ${printable(path)}: Claude no longer runs them itself\n`);
  } else {
    io.stdout(
      `they are still in ${printable(path)}, where Claude Code runs them itself: remove them there (or run again ` +
        `with --move instead of --write), or each runs twice, once by Claude and once by hookgate\n`,
    );
  }
  io.stdout(`hookgate runs the project's hooks once you trust them: hook-run trust --cwd ${printable(project)}\n`);
  return 0;
}

/**
 * Where the file's routing handlers are, and those hookgate cannot run
 * outside Claude (with why), as "hooks/<Event>/<group>/hooks/<handler>"
 * (none when it is not plain JSON).
 */
function handlerPlaces(text: string): { routing: Set<string>; claudeOnly: Map<string, string> } {
  const routing = new Set<string>();
  const claudeOnly = new Map<string, string>();
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return { routing, claudeOnly };
  }
  if (claudeSettingsProblem(settings) !== undefined) return { routing, claudeOnly };
  const hooks = ((settings as ClaudeSettings).hooks ?? {}) as Record<string, { hooks: unknown[] }[]>;
  for (const [event, groups] of Object.entries(hooks)) {
    for (const [g, group] of groups.entries()) {
      for (const [h, handler] of group.hooks.entries()) {
        const at = `hooks/${event}/${g}/hooks/${h}`;
        const hook = claudeHandlerHook(handler as ClaudeSettings);
        if (hook !== undefined && hookgateRoute(hook) !== undefined) routing.add(at);
        const why = claudeOnlyHandler(handler as ClaudeSettings);
        if (why !== undefined) claudeOnly.set(at, why);
      }
    }
  }
  return { routing, claudeOnly };
}

/** The Claude file without the hooks that were converted; refused when anything could not be carried over. */
async function movePlan(path: string, text: string, notCarried: number): Promise<ClaudeSettings> {
  if (notCarried > 0) {
    throw new CliError(
      `--move would drop what cannot be carried over (listed above) from ${printable(path)}; ` +
        `use --write and remove the converted hooks by hand; nothing was changed`,
    );
  }
  const { readJsonFile } = await import("../install/mod.ts");
  const file = await readJsonFile(path, "the Claude settings file");
  const problem = claudeSettingsProblem(file?.value ?? JSON.parse(text));
  if (problem !== undefined) throw new CliError(`${printable(path)}: ${problem}; nothing was changed`);
  const routed = claudeRoutedEvents();
  return splitClaudeSettings(file!.value as ClaudeSettings, {
    routes: () => false,
    move: (event, hook, handler) =>
      routed.includes(event) && claudeOnlyHandler(handler) === undefined &&
      (hook === undefined || hookgateRoute(hook) === undefined),
  }).settings;
}
