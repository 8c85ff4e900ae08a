// `hook-run list`: a table of events → hooks, as the registry resolves them.

import { relative } from "node:path";
import { type HookEntry, HookRegistry } from "../../mod.ts";
import { setUpCommand } from "./_config.ts";
import { type CliIo, paint, table } from "./_io.ts";

export const LIST_HELP = `Usage: hook-run list [--config PATH]... [--cwd DIR] [--json]

Lists the configured hooks per event with their resolved controls: name,
matcher, transport, stage, policy, timeout and source file.
`;

export async function listCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("list", args, io, LIST_HELP, true);
  if (setUp === null) return 0;
  const { flags, config } = setUp;
  const registry = new HookRegistry();
  registry.loadShellHooks(config.hooks);
  const rows = registry.all().map((entry) => describe(entry, config.projectRoot));
  if (flags.json) {
    io.stdout(JSON.stringify(rows) + "\n");
    return 0;
  }
  if (rows.length === 0) {
    io.stdout("no hooks configured\n");
    return 0;
  }
  const header = ["EVENT", "NAME", "MATCHER", "TRANSPORT", "STAGE", "POLICY", "FAILURE", "TIMEOUT", "SOURCE"];
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
      `${r.timeoutMs} ms${r.background ? " (bg)" : ""}`,
      r.source,
    ]),
  ]);
  const [first, ...rest] = text.split("\n");
  io.stdout(`${paint(io, "bold", first!)}\n${rest.join("\n")}`);
  return 0;
}

function describe(entry: HookEntry, root: string) {
  const source = entry.transport === "in-process" ? "" : entry.hook.source ?? "";
  const shown = source.startsWith("/") && !relative(root, source).startsWith("..") ? relative(root, source) : source;
  return {
    event: entry.event,
    name: entry.name,
    matcher: entry.matcher,
    transport: entry.transport,
    stage: entry.event === "PreToolUse" ? entry.stage : "-",
    policy: entry.policy,
    failurePolicy: entry.failurePolicy,
    timeoutMs: entry.timeoutMs,
    background: entry.background,
    source: shown,
  };
}
