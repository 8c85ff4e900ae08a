// The real agents, run as a user runs them, offline: each binary (pinned in
// _install.ts) in a throwaway HOME with an environment built from nothing —
// the PATH, that HOME, and what points the agent at the fake model on
// loopback — in a throwaway project (a git repository: Codex takes its root
// as the project) that holds a `victim/` directory for `rm -r` to delete.
// `hook-run` is on the PATH as examples/claude/README.md puts it there over
// a checkout. What a run returns: exit code, stdout and stderr, what the
// model was sent, and which of the project's files exist afterwards.

import { equal } from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FakeModel, ModelRequest, Turn } from "./_fake_model.ts";
import { agentBin, type AgentName, agentsUnavailable } from "./_install.ts";

/** The checkout. */
export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));

/** Where Deno keeps its cache: a throwaway HOME must not make every hook-run start download again. */
export const DENO_DIR: string = Deno.env.get("DENO_DIR") ?? join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");

/** A file of tests/testdata/agents/. */
export function testdata(name: string): string {
  return fileURLToPath(new URL(`../testdata/agents/${name}`, import.meta.url));
}

/** A throwaway user of the agents: a home and a project. */
export interface Workspace extends AsyncDisposable {
  home: string;
  /** The project root: a git repository holding `victim/precious.txt` and `src/`. */
  project: string;
  /** `path` relative to the project, or absolute (`~/` is the home). */
  at(path: string): string;
  write(path: string, text: string): Promise<void>;
  read(path: string): Promise<string | undefined>;
  exists(path: string): Promise<boolean>;
  /** Reads a JSON file (`{}` when missing), and writes what `edit` returns. */
  editJson(path: string, edit: (value: Record<string, unknown>) => Record<string, unknown>): Promise<void>;
  /** The environment every program of this user gets. */
  env(): Record<string, string>;
  /** `sh -c script` as this user, in `cwd` (default the project); fails the test unless it succeeds. */
  sh(script: string, cwd?: string): Promise<string>;
}

/** A fresh home and project for an agent that talks to `model`; both are removed on dispose. */
export async function workspace(model: FakeModel): Promise<Workspace> {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-agent-home-" }));
  const project = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-agent-project-" }));
  const tmp = join(home, "tmp");
  const at = (path: string) =>
    path.startsWith("/") ? path : path.startsWith("~/") ? join(home, path.slice(2)) : join(project, path);
  const write = async (path: string, text: string) => {
    await Deno.mkdir(dirname(at(path)), { recursive: true });
    await Deno.writeTextFile(at(path), text);
  };
  const read = (path: string) => Deno.readTextFile(at(path)).catch(() => undefined);
  const env = () => ({
    PATH: `${join(home, ".local", "bin")}:${dirname(Deno.execPath())}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
    HOME: home,
    TMPDIR: tmp,
    DENO_DIR,
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
  });
  const ws: Workspace = {
    home,
    project,
    at,
    write,
    read,
    exists: (path) => Deno.lstat(at(path)).then(() => true, () => false),
    async editJson(path, edit) {
      const text = await read(path);
      await write(path, JSON.stringify(edit(text === undefined ? {} : JSON.parse(text)), null, 2) + "\n");
    },
    env,
    async sh(script, cwd = project) {
      const { code, stdout, stderr } = await new Deno.Command("sh", {
        args: ["-c", script],
        cwd,
        clearEnv: true,
        env: env(),
        stdin: "null",
      }).output();
      const decoder = new TextDecoder();
      equal(code, 0, `${script}\nexited with ${code}:\n${decoder.decode(stdout)}${decoder.decode(stderr)}`);
      return decoder.decode(stdout);
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(project, { recursive: true });
      await Deno.remove(home, { recursive: true });
    },
  };
  await Deno.mkdir(tmp);
  await write("victim/precious.txt", "keep me\n");
  await write("src/main.txt", "the sources\n");
  await new Deno.Command("git", { args: ["init", "--quiet", project], stdout: "null", stderr: "null" }).output();
  await installShim(ws);
  // Codex: a model provider on the fake server (Responses API, SSE).
  await write(
    "~/.codex/config.toml",
    [
      'model = "gpt-5.5"',
      'model_provider = "fake"',
      "",
      "[model_providers.fake]",
      'name = "fake"',
      `base_url = "${model.url}/v1"`,
      'wire_api = "responses"',
      'env_key = "OPENAI_API_KEY"',
      "",
    ].join("\n"),
  );
  // Gemini: an API key login (the only one non-interactive mode takes), and the project trusted, without which
  // --yolo falls back to asking and no hooks load.
  await write("~/.gemini/settings.json", JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }));
  await write("~/.gemini/trustedFolders.json", JSON.stringify({ [project]: "TRUST_FOLDER" }));
  return ws;
}

/**
 * Writes the hook-run shim examples/claude/README.md puts in ~/.local/bin
 * over a checkout (there /opt/hookgate), with its own printf line.
 */
async function installShim(ws: Workspace): Promise<void> {
  const readme = await Deno.readTextFile(join(ROOT, "examples/claude/README.md"));
  const line = /^printf .*src\/cli\/main\.ts.* > ~\/\.local\/bin\/hook-run$/m.exec(readme)?.[0];
  if (line === undefined) throw new Error("examples/claude/README.md no longer installs a shim over the checkout");
  await Deno.mkdir(ws.at("~/.local/bin"), { recursive: true });
  await ws.sh(`${line.replaceAll("/opt/hookgate/", join(ROOT, "/"))} && chmod +x ~/.local/bin/hook-run`);
}

/** What an agent did in one run. */
export interface AgentRun {
  agent: AgentName;
  code: number;
  stdout: string;
  stderr: string;
  /** Every request the fake model got during the run. */
  requests: ModelRequest[];
  /** For each path of `watch`, whether it exists after the run. */
  files: Record<string, boolean>;
  /** The run's wall time, in milliseconds (reported, never asserted). */
  ms: number;
}

/** How to run an agent. */
export interface RunOptions {
  /** The model's turns: tool calls, then text. */
  turns: Turn[];
  /** The user's prompt. */
  prompt?: string;
  /** Where the agent starts, relative to the project. */
  cwd?: string;
  /** Paths (relative to the project) whose existence the run reports; default `victim`. */
  watch?: string[];
  /** More of the environment. */
  env?: Record<string, string>;
}

async function runAgent(
  agent: AgentName,
  ws: Workspace,
  model: FakeModel,
  args: string[],
  env: Record<string, string>,
  options: RunOptions,
): Promise<AgentRun> {
  model.script(options.turns);
  const started = performance.now();
  const { code, stdout, stderr } = await new Deno.Command(agentBin(agent), {
    args,
    cwd: ws.at(options.cwd ?? "."),
    clearEnv: true,
    env: { ...ws.env(), ...env, ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = Math.round(performance.now() - started);
  const files: Record<string, boolean> = {};
  for (const path of options.watch ?? ["victim"]) files[path] = await ws.exists(path);
  const decoder = new TextDecoder();
  return {
    agent,
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
    requests: model.requests(),
    files,
    ms,
  };
}

/**
 * Claude Code in print mode, streaming JSON with hook events, its Bash,
 * Write, Edit and Read tools allowed (so a tool runs unless a hook stops
 * it); with non-essential traffic off it calls only `POST /v1/messages`.
 */
export function claude(ws: Workspace, model: FakeModel, options: RunOptions): Promise<AgentRun> {
  const args = [
    "-p",
    options.prompt ?? "Tidy up the project.",
    "--output-format",
    "stream-json",
    "--verbose",
    "--include-hook-events",
    "--debug-file",
    ws.at("~/claude-debug.log"),
    "--allowedTools",
    "Bash",
    "Write",
    "Edit",
    "Read",
  ];
  return runAgent("claude", ws, model, args, {
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "test",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
  }, options);
}

/**
 * `codex exec` without approvals or sandbox (so a command runs unless a hook
 * stops it); it prints `hook: <Event> <Status>` on stderr.
 */
export function codex(ws: Workspace, model: FakeModel, options: RunOptions): Promise<AgentRun> {
  const args = [
    "exec",
    "--skip-git-repo-check",
    "--dangerously-bypass-approvals-and-sandbox",
    options.prompt ?? "Tidy up the project.",
  ];
  return runAgent("codex", ws, model, args, { OPENAI_API_KEY: "test" }, options);
}

/** Gemini CLI in non-interactive mode, `--yolo`, the model named (so it skips its model router). */
export function gemini(ws: Workspace, model: FakeModel, options: RunOptions): Promise<AgentRun> {
  const args = [
    "-p",
    options.prompt ?? "Tidy up the project.",
    "--yolo",
    "--output-format",
    "stream-json",
    "-m",
    "gemini-2.5-flash",
  ];
  // GEMINI_CLI_NO_RELAUNCH: it would start itself again in a second Node process (for a larger heap), which costs a
  // second start-up and changes nothing about hooks.
  const env = { GEMINI_API_KEY: "test", GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_NO_RELAUNCH: "true" };
  return runAgent("gemini", ws, model, args, env, options);
}

/**
 * A run's output, for an assertion's message: `note` (what was found), the
 * exit code, stdout without Claude's long init line, each line cut to 400
 * characters, and stderr.
 */
export function shown(run: AgentRun, note = ""): string {
  const cut = (text: string) =>
    text.split("\n").filter((line) => !line.includes('"subtype":"init"'))
      .map((line) => line.length > 400 ? `${line.slice(0, 400)}…` : line).join("\n");
  return `${note}${note === "" ? "" : "\n"}${run.agent} exited with ${run.code} after ${run.ms} ms\n--- stdout\n${
    cut(run.stdout)
  }\n--- stderr\n${cut(run.stderr)}`;
}

/**
 * Codex's review of hooks, as its `/hooks` screen records it: every hook
 * `codex app-server` lists for `cwd` (its key and current hash) is written to
 * `config.toml` as `[hooks.state."<key>"] trusted_hash = "<hash>"`. Returns
 * the keys it trusted.
 */
export async function reviewCodexHooks(ws: Workspace, cwd = ws.project): Promise<string[]> {
  const child = new Deno.Command(agentBin("codex"), {
    args: ["app-server"],
    cwd,
    clearEnv: true,
    env: { ...ws.env(), OPENAI_API_KEY: "test" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const send = (message: Record<string, unknown>) =>
    writer.write(encoder.encode(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n"));
  await send({ id: 1, method: "initialize", params: { clientInfo: { name: "hookgate-tests", version: "1" } } });
  await send({ method: "initialized" });
  await send({ id: 2, method: "hooks/list", params: { cwds: [cwd] } });
  let listed: { data: { hooks: { key: string; currentHash: string; trustStatus: string }[] }[] } | undefined;
  let buffered = "";
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
      if (message.id !== 2) continue;
      if (message.result === undefined) throw new Error(`codex app-server: hooks/list failed: ${line}`);
      listed = message.result as typeof listed;
    }
    if (listed !== undefined) break;
  }
  await writer.close();
  child.kill();
  await child.status;
  await child.stdout.cancel().catch(() => {});
  const hooks = listed?.data.flatMap((entry) => entry.hooks) ?? [];
  const table = hooks.filter((hook) => hook.trustStatus !== "managed").map((hook) =>
    `\n[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = ${JSON.stringify(hook.currentHash)}\n`
  );
  const config = (await ws.read("~/.codex/config.toml")) ?? "";
  await ws.write("~/.codex/config.toml", config + table.join(""));
  return hooks.map((hook) => hook.key);
}

/** Marks the project trusted in Codex's `config.toml`, so that Codex runs its `.codex/` files. */
export async function trustCodexProject(ws: Workspace): Promise<void> {
  const config = (await ws.read("~/.codex/config.toml")) ?? "";
  await ws.write(
    "~/.codex/config.toml",
    `${config}\n[projects.${JSON.stringify(ws.project)}]\ntrust_level = "trusted"\n`,
  );
}

/**
 * The project's Claude-style Bash guard, as a project ships it: the bash +
 * jq script in `.hookgate/hooks/`, and the hook that runs it (for the
 * project's `.hookgate/config.jsonc`).
 */
export async function projectGuard(ws: Workspace): Promise<Record<string, unknown>> {
  await ws.write(".hookgate/hooks/bash_guard.sh", await Deno.readTextFile(testdata("bash_guard.sh")));
  await Deno.chmod(ws.at(".hookgate/hooks/bash_guard.sh"), 0o755);
  return { type: "command", command: `"$CLAUDE_PROJECT_DIR"/.hookgate/hooks/bash_guard.sh` };
}

/**
 * The first `sh` code block of a docs page that contains `marker`: the set-up
 * a page teaches, to run as written.
 */
export async function docsBlock(page: string, marker: string): Promise<string> {
  const text = await Deno.readTextFile(join(ROOT, page));
  for (const match of text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    if (match[1]!.includes(marker)) return match[1]!;
  }
  throw new Error(`${page} has no sh block with ${JSON.stringify(marker)}`);
}

/** Whether this process is root: the owner of a file it creates (no `--allow-sys` needed). */
async function isRoot(): Promise<boolean> {
  const probe = await Deno.makeTempFile({ prefix: "hookgate-uid-" });
  try {
    return (await Deno.stat(probe)).uid === 0;
  } finally {
    await Deno.remove(probe);
  }
}

/**
 * Why a test that writes an agent's system directory `dir` (its managed or
 * system settings, which no variable moves) cannot run here, or `undefined`:
 * it needs Linux, root, and `dir` absent (it removes what it made, so /etc
 * is left as it was).
 */
export async function systemDirUnavailable(dir: string, what: string): Promise<string | undefined> {
  const missing = await agentsUnavailable();
  if (missing !== undefined) return missing;
  if (Deno.build.os !== "linux") return `${what} are at ${dir} on Linux only`;
  if (!(await isRoot())) return `writing ${dir} needs root`;
  const there = await Deno.lstat(dir).then(() => true, () => false);
  if (there) return `${dir} exists already: it is left as it is`;
  return undefined;
}

/**
 * The administrator's hookgate policy — a deny rule on `rm` — in a managed
 * layer of mode 0700 in the workspace's home, beside /etc/hookgate (never
 * written); the environment that adds it.
 */
export async function managedPolicy(ws: Workspace): Promise<Record<string, string>> {
  const managed = ws.at("~/managed-hookgate");
  await Deno.mkdir(managed, { mode: 0o700 });
  await Deno.chmod(managed, 0o700);
  await Deno.writeTextFile(`${managed}/config.jsonc`, '{"rules": {"deny": ["Bash(rm *)"]}}');
  return { HOOKGATE_MANAGED_DIR: managed };
}
