// Claude Code set up as docs/claude.md teaches: the user's hooks in
// ~/.claude/settings.json as Claude's documentation names them, then
// `deno task hook-run install claude` (or `uninstall claude`) in the
// checkout; and what a run says about it — which hooks Claude ran, with
// what exit code, and whether it refused the turn's call with a reason.

import { deepEqual, equal, ok } from "node:assert/strict";
import { type AgentRun, ROOT, shown, testdata, type Workspace } from "./_agents.ts";
import { modelCalls, toolResults, type Turn } from "./_fake_model.ts";

/** The model asks for `rm -r ./victim`, then says it is done. */
export const RM_VICTIM: Turn[] = [
  { tool: "Bash", args: { command: "rm -r ./victim", description: "Delete the victim directory" } },
  { text: "Done." },
];

/** The reason tests/testdata/agents/bash_guard.sh gives for `rm -r`. */
export const DENIED = "deleting a directory tree is not allowed here; move it to ./trash instead";

/** The user's Bash guard, as ~/.claude/settings.json names it. */
export const GUARD = { matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/hooks/bash_guard.sh" }] };

/** The user's Stop gate, as ~/.claude/settings.json names it. */
export const STOP_GATE = { hooks: [{ type: "command", command: "~/.claude/hooks/stop_gate.sh" }] };

/**
 * `deno task hook-run <command> claude [args…]` in the checkout, for this
 * user, run by `deno` (default this Deno); fails the test unless it
 * succeeds, and returns its stdout.
 */
export async function hookRunClaude(
  ws: Workspace,
  command: "install" | "uninstall",
  args: string[] = [],
  deno: string = Deno.execPath(),
): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(deno, {
    args: ["task", "--quiet", "hook-run", command, "claude", ...args],
    cwd: ROOT,
    clearEnv: true,
    env: ws.env(),
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  equal(code, 0, `hook-run ${command} claude failed:\n${decoder.decode(stdout)}${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** `deno task hook-run install claude [args…]` in the checkout, for this user. */
export function installClaude(ws: Workspace, args: string[] = []): Promise<string> {
  return hookRunClaude(ws, "install", args);
}

/** The user's hook scripts in ~/.claude/hooks/, and their settings naming them as Claude's documentation does. */
export async function userHooks(ws: Workspace, hooks: Record<string, unknown[]>): Promise<void> {
  await Deno.mkdir(ws.at("~/.claude/hooks"), { recursive: true });
  for (const script of ["bash_guard.sh", "stop_gate.sh"]) {
    await Deno.copyFile(testdata(script), ws.at(`~/.claude/hooks/${script}`));
    await Deno.chmod(ws.at(`~/.claude/hooks/${script}`), 0o755);
  }
  await ws.editJson("~/.claude/settings.json", (settings) => ({ ...settings, hooks }));
}

/** One hook Claude ran, as its stream (`--include-hook-events`) reports it. */
export interface HookResponse {
  hook_event: string;
  hook_name?: string;
  exit_code?: number;
  stdout?: string;
  stderr?: string;
  output?: string;
  outcome?: string;
}

/** The hooks Claude ran in a run, in the order it reported them. */
export function hookResponses(run: AgentRun): HookResponse[] {
  return run.stdout.split("\n").filter((line) => line.includes('"subtype":"hook_response"'))
    .map((line) => JSON.parse(line) as HookResponse);
}

/**
 * That Claude refused what the turn asked, saying why: the prompt itself
 * (the gateway fails closed from the first event that can block, so the
 * model is never asked), or else the tool call, with `reason` shown.
 */
export function refusedWith(run: AgentRun, reason: string): void {
  const results = toolResults(run.requests);
  if (results.length === 0) {
    equal(modelCalls(run.requests), 0, shown(run));
    ok(run.stdout.includes("UserPromptSubmit operation blocked by hook") && run.stdout.includes(reason), shown(run));
  } else {
    deepEqual(results.map((one) => one.error), [true], shown(run));
    ok(results[0]!.text.includes(reason), shown(run));
  }
}

/** The lines of the audit log `hook-run serve --record FILE` wrote. */
export async function auditLines(record: string): Promise<Record<string, unknown>[]> {
  return (await Deno.readTextFile(record)).trim().split("\n").map((line) => JSON.parse(line));
}

/** That the server answered a PreToolUse of `agent` with a deny: its audit log holds it. */
export async function servedDeny(record: string, agent: string, server: Server): Promise<void> {
  const lines = await auditLines(record);
  ok(
    lines.some((line) =>
      line.agent === agent && line.event === "PreToolUse" && line.status === 200 && /deny/.test(JSON.stringify(line))
    ),
    `${JSON.stringify(lines)}\n${server.stderr()}`,
  );
}

/** `hook-run serve` started from the launcher `install claude` wrote, as a supervisor would start it. */
export interface Server extends AsyncDisposable {
  /** What it wrote on stderr so far. */
  stderr(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number>;
  /** SIGKILL, as a crash would end it (its socket stays behind). */
  kill(): Promise<void>;
}

/**
 * `<launcher> serve [args…]` for this user in the project, through a shell
 * that raises its descriptor limit to at least 4096 where it may; resolves
 * once it says it is listening, and fails with what it said if it ends
 * before.
 */
export async function serveFromLauncher(ws: Workspace, args: string[]): Promise<Server> {
  const child = new Deno.Command("sh", {
    args: [
      "-c",
      '[ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge 4096 ] || ulimit -n 4096 2>/dev/null; exec "$@"',
      "sh",
      ws.at("~/.config/hookgate/bin/hook-run"),
      "serve",
      ...args,
    ],
    cwd: ws.project,
    clearEnv: true,
    env: ws.env(),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const { promise: ready, resolve: listening } = Promise.withResolvers<void>();
  const reading = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      if (text.includes("hook-run serve: listening on")) listening();
    }
  })();
  const status = child.status;
  const ended = await Promise.race([ready.then(() => false), status.then(() => true)]);
  if (ended) {
    await reading;
    throw new Error(`hook-run serve did not start:\n${text}`);
  }
  let stopped: Promise<number> | undefined;
  const end = (signal: Deno.Signal) =>
    stopped ??= (async () => {
      try {
        child.kill(signal);
      } catch {
        // It has ended already.
      }
      const { code } = await status;
      await reading;
      return code;
    })();
  return {
    stderr: () => text,
    stop: () => end("SIGTERM"),
    kill: async () => void await end("SIGKILL"),
    [Symbol.asyncDispose]: async () => void await end("SIGTERM"),
  };
}
