// Claude Code as far as its hooks go, for the tests that check who runs
// what: for one event, it runs every matching handler of its own settings
// files itself — an identical handler in several files once — all at once,
// command hooks through `sh -c` with the event on stdin, HTTP hooks as a
// POST of the event. Nothing else of Claude is simulated.

export interface ClaudeSimOptions {
  /** The project directory (the hooks' working directory, CLAUDE_PROJECT_DIR). */
  cwd: string;
  /** HOME for the hooks. */
  home: string;
}

/** What each handler answered: its stdout (a command) or body (HTTP). */
export interface ClaudeSimRun {
  answers: string[];
}

/** Runs `event` as Claude would with the settings `files` (missing files are skipped). */
export async function claudeFires(
  files: readonly string[],
  event: Record<string, unknown>,
  options: ClaudeSimOptions,
): Promise<ClaudeSimRun> {
  const name = event.hook_event_name as string;
  const handlers = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    const text = await Deno.readTextFile(file).catch(() => undefined);
    if (text === undefined) continue;
    const groups = (JSON.parse(text).hooks?.[name] ?? []) as { matcher?: string; hooks: Record<string, unknown>[] }[];
    for (const group of groups) {
      if (!matches(group.matcher, event.tool_name as string | undefined)) continue;
      for (const handler of group.hooks) handlers.set(JSON.stringify(handler), handler);
    }
  }
  const payload = JSON.stringify({ session_id: "sim", cwd: options.cwd, ...event });
  const answers = await Promise.all([...handlers.values()].map((handler) => fire(handler, payload, options)));
  return { answers };
}

async function fire(handler: Record<string, unknown>, payload: string, options: ClaudeSimOptions): Promise<string> {
  if (handler.type === "http") {
    const response = await fetch(handler.url as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    return await response.text();
  }
  const child = new Deno.Command("sh", {
    args: ["-c", handler.command as string],
    cwd: options.cwd,
    env: { CLAUDE_PROJECT_DIR: options.cwd, HOME: options.home },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(payload));
    await writer.close();
  } catch {
    // A hook may exit without reading its stdin; Claude does not mind.
  }
  return new TextDecoder().decode((await child.output()).stdout);
}

/** Claude's matcher: all when empty or "*", an exact list of names, else a regex. */
function matches(matcher: string | undefined, tool: string | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || tool === undefined) return true;
  if (/^[\w\- ,|]+$/.test(matcher)) return matcher.split(/[|,]/).map((name) => name.trim()).includes(tool);
  return new RegExp(matcher).test(tool);
}
