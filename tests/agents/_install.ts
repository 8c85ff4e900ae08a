// The real agents the tests of this folder drive, pinned: each is installed
// with npm into its own directory of a cache outside the repository
// (`$HOOKGATE_AGENTS_CACHE`, default ~/.cache/hookgate-agents), never into
// deno.lock, and only when it is missing. `deno task test:agents` runs this
// file first (so a clean machine downloads once, before the tests start);
// the tests call `agentsUnavailable()` too, and ignore themselves only when
// npm cannot reach the registry.

import { join } from "node:path";

/** The agents, by the name of their cache directory. */
export type AgentName = "claude" | "codex" | "gemini";

/** A pinned npm package and the binary it installs. */
export interface AgentPackage {
  package: string;
  version: string;
  bin: string;
}

/** The versions the tests are written against. */
export const AGENT_PACKAGES: Readonly<Record<AgentName, AgentPackage>> = {
  claude: { package: "@anthropic-ai/claude-code", version: "2.1.328", bin: "claude" },
  codex: { package: "@openai/codex", version: "0.169.0", bin: "codex" },
  gemini: { package: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
};

/** Where the agents are installed: `$HOOKGATE_AGENTS_CACHE`, default `~/.cache/hookgate-agents`. */
export function agentsCache(): string {
  return Deno.env.get("HOOKGATE_AGENTS_CACHE") ?? join(Deno.env.get("HOME") ?? "/root", ".cache", "hookgate-agents");
}

/** The path of an agent's binary in the cache. */
export function agentBin(name: AgentName): string {
  return join(agentsCache(), name, "node_modules", ".bin", AGENT_PACKAGES[name].bin);
}

/** Whether the pinned version of `name` is in the cache, its binary in place. */
export async function installed(name: AgentName): Promise<boolean> {
  const { package: pkg, version } = AGENT_PACKAGES[name];
  try {
    const manifest = JSON.parse(
      await Deno.readTextFile(join(agentsCache(), name, "node_modules", pkg, "package.json")),
    ) as { version?: unknown };
    return manifest.version === version && (await Deno.stat(agentBin(name))).isFile;
  } catch {
    return false;
  }
}

async function npm(args: string[]): Promise<{ success: boolean; output: string }> {
  try {
    const { success, stdout, stderr } = await new Deno.Command("npm", {
      args,
      stdin: "null",
      env: { npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" },
    }).output();
    const decoder = new TextDecoder();
    return { success, output: (decoder.decode(stdout) + decoder.decode(stderr)).trim() };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { success: false, output: "npm is not installed" };
    throw error;
  }
}

let checked: Promise<string | undefined> | undefined;

/**
 * Installs every pinned agent that is missing; resolves to why they cannot be
 * had — npm cannot reach the registry — or to `undefined` when all are
 * installed. Any other failure of npm throws: the tests must not ignore it.
 */
export function agentsUnavailable(log: (line: string) => void = () => {}): Promise<string | undefined> {
  checked ??= install(log);
  return checked;
}

async function install(log: (line: string) => void): Promise<string | undefined> {
  const names = Object.keys(AGENT_PACKAGES) as AgentName[];
  const missing: AgentName[] = [];
  for (const name of names) if (!(await installed(name))) missing.push(name);
  if (missing.length === 0) return undefined;
  // Ask once, quickly, before a download that would retry for minutes on a machine without a network.
  const ping = await npm(["ping", "--fetch-timeout=15000", "--fetch-retries=0"]);
  if (!ping.success) {
    const registry = /PING (\S+)/.exec(ping.output)?.[1] ?? "registry";
    const code = /npm error code (\S+)/.exec(ping.output)?.[1] ?? ping.output.split("\n").at(-1);
    return `npm cannot reach the registry ${registry} (${code}) to install ${
      missing.map((name) => spec(name)).join(", ")
    }`;
  }
  for (const name of missing) {
    const prefix = join(agentsCache(), name);
    log(`installing ${spec(name)} into ${prefix}`);
    const run = await npm(["install", "--prefix", prefix, "--save-exact", "--loglevel=error", spec(name)]);
    if (!run.success || !(await installed(name))) {
      throw new Error(`Cannot install ${spec(name)} into ${prefix}: npm install failed\n${run.output}`);
    }
  }
  return undefined;
}

function spec(name: AgentName): string {
  return `${AGENT_PACKAGES[name].package}@${AGENT_PACKAGES[name].version}`;
}

if (import.meta.main) {
  // deno-lint-ignore no-console
  const why = await agentsUnavailable((line) => console.error(line));
  // deno-lint-ignore no-console
  console.error(
    why === undefined
      ? `real agents in ${agentsCache()}: ${
        Object.keys(AGENT_PACKAGES).map((name) => spec(name as AgentName)).join(", ")
      }`
      : `the tests of real agents will be ignored: ${why}`,
  );
}
