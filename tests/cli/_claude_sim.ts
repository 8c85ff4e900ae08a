// Claude Code as far as its hooks go, for the tests that check who runs
// what and the drop-in tests: for one event, it runs every handler of its
// own settings files whose matcher selects the event — an identical handler
// in several files once — all at once, command hooks through `sh -c` in the
// project with the event on stdin and Claude's environment, HTTP hooks as a
// POST of the event. A handler that routes to hookgate is run as written, so
// it starts hook-run the way the settings say. Nothing else of Claude is
// simulated: its answers are returned, not acted on.

export interface ClaudeSimOptions {
  /** The project directory (the hooks' working directory, CLAUDE_PROJECT_DIR). */
  cwd: string;
  /** HOME for the hooks. */
  home: string;
  /** More of Claude's environment, which its command hooks inherit (a PATH, CLAUDE_ENV_FILE). */
  env?: Record<string, string>;
}

/** One handler Claude ran, and what it answered. */
export interface ClaudeSimRun {
  /** The handler as its settings file has it. */
  handler: Record<string, unknown>;
  /** A command's exit code, an HTTP hook's status. */
  code: number;
  /** A command's stdout, an HTTP hook's body. */
  stdout: string;
  /** A command's stderr ("" for HTTP). */
  stderr: string;
}

/** The value a matcher is tested on, per Claude's event table (`undefined`: every handler runs). */
function matchedValue(event: Record<string, unknown>): string | undefined {
  if (typeof event.tool_name === "string") return event.tool_name;
  if (event.hook_event_name === "SessionStart") return event.source as string | undefined;
  if (event.hook_event_name === "Notification") return event.notification_type as string | undefined;
  return undefined;
}

/** Claude's matcher: all when empty or "*", an exact list of names, else an unanchored regex. */
function matches(matcher: string | undefined, value: string | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || value === undefined) return true;
  if (/^[\w\- ,|]+$/.test(matcher)) return matcher.split(/[|,]/).map((name) => name.trim()).includes(value);
  return new RegExp(matcher).test(value);
}

/** The handlers of the settings `files` (missing files are skipped) that Claude runs for `event`, once each. */
export async function claudeHandlers(
  files: readonly string[],
  event: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const handlers = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    const text = await Deno.readTextFile(file).catch(() => undefined);
    if (text === undefined) continue;
    const name = event.hook_event_name as string;
    const groups = (JSON.parse(text).hooks?.[name] ?? []) as { matcher?: string; hooks: Record<string, unknown>[] }[];
    for (const group of groups) {
      if (!matches(group.matcher, matchedValue(event))) continue;
      for (const handler of group.hooks) handlers.set(JSON.stringify(handler), handler);
    }
  }
  return [...handlers.values()];
}

/** Runs `event` as Claude would with the settings `files`; each handler's answer, in the files' order. */
export async function claudeFires(
  files: readonly string[],
  event: Record<string, unknown>,
  options: ClaudeSimOptions,
): Promise<ClaudeSimRun[]> {
  const payload = JSON.stringify({ session_id: "sim", cwd: options.cwd, ...event });
  const handlers = await claudeHandlers(files, event);
  return await Promise.all(handlers.map((handler) => fire(handler, payload, options)));
}

async function fire(handler: Record<string, unknown>, payload: string, options: ClaudeSimOptions) {
  if (handler.type === "http") {
    const response = await fetch(handler.url as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    return { handler, code: response.status, stdout: await response.text(), stderr: "" };
  }
  const child = new Deno.Command("sh", {
    args: ["-c", handler.command as string],
    cwd: options.cwd,
    env: { CLAUDE_PROJECT_DIR: options.cwd, HOME: options.home, ...options.env },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(payload));
    await writer.close();
  } catch {
    // A hook may exit without reading its stdin; Claude does not mind.
  }
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return { handler, code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}
