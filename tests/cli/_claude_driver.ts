// Claude Code's side of a set-up, for the drop-in tests: the command hooks of
// Claude's own settings files run as Claude runs them — every handler whose
// matcher selects the event, concurrently, an identical handler once, through
// `sh -c` in the project with the event on stdin — except the entry that
// routes the event to hookgate, which starts `hook-run gateway` the way the
// README does (the `cli` helper, with the hook-run task's flags).

import { cli } from "./_cli.ts";

/** One handler Claude ran, and what it answered. */
export interface ClaudeRan {
  command: string;
  /** Whether this was the entry that routes the event to hook-run gateway. */
  routed: boolean;
  code: number;
  stdout: string;
  stderr: string;
}

/** Whether `command` is the routing entry (what `hook-run install claude` and examples/claude/ write). */
export function routesToGateway(command: string): boolean {
  return /\b(hook-run|hookgate)\b/.test(command) && /\bgateway\b/.test(command);
}

/** The value a matcher is tested on, per Claude's event table (`undefined`: the event has none). */
function matchedValue(event: Record<string, unknown>): string | undefined {
  const name = event.hook_event_name;
  if (typeof event.tool_name === "string") return event.tool_name;
  if (name === "SessionStart") return event.source as string;
  if (name === "Notification") return event.notification_type as string;
  return undefined;
}

/** Claude's matcher rules: all, an exact list, or an unanchored regex. */
function selects(matcher: unknown, value: string | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || value === undefined) return true;
  const text = String(matcher);
  if (/^[A-Za-z0-9_\- ,|]+$/.test(text)) return text.split(/[|,]/).map((name) => name.trim()).includes(value);
  return new RegExp(text).test(value);
}

/** The command hooks of `files` (Claude settings, missing ones skipped) that `event` selects, once each. */
export async function claudeHandlers(files: string[], event: Record<string, unknown>): Promise<string[]> {
  const commands: string[] = [];
  for (const file of files) {
    const text = await Deno.readTextFile(file).catch(() => undefined);
    if (text === undefined) continue;
    const groups = (JSON.parse(text).hooks?.[event.hook_event_name as string] ?? []) as {
      matcher?: string;
      hooks: { type: string; command?: string }[];
    }[];
    for (const group of groups) {
      if (!selects(group.matcher, matchedValue(event))) continue;
      for (const handler of group.hooks) {
        if (handler.type !== "command") throw new Error(`this driver runs command hooks only, not ${handler.type}`);
        if (!commands.includes(handler.command!)) commands.push(handler.command!);
      }
    }
  }
  return commands;
}

/** Runs `event` through the hooks of Claude settings `files` as Claude would, in project `dir`. */
export function claudeRuns(
  files: string[],
  event: Record<string, unknown>,
  options: { dir: string; home: string },
): Promise<ClaudeRan[]> {
  const env = { CLAUDE_PROJECT_DIR: options.dir, HOME: options.home };
  const stdin = JSON.stringify(event);
  return claudeHandlers(files, event).then((commands) =>
    Promise.all(commands.map(async (command): Promise<ClaudeRan> => {
      if (routesToGateway(command)) {
        const run = await cli(["gateway"], { cwd: options.dir, home: options.home, stdin, env });
        return { command, routed: true, code: run.code, stdout: run.stdout, stderr: run.stderr };
      }
      const child = new Deno.Command("sh", {
        args: ["-c", command],
        cwd: options.dir,
        env,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(stdin)).catch(() => {});
      await writer.close().catch(() => {});
      const { code, stdout, stderr } = await child.output();
      const decoder = new TextDecoder();
      return { command, routed: false, code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
    }))
  );
}
