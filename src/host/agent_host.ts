// The host an agent's front end runs its calls through — the gateway's for
// one call, the server's for every call of an agent, the courier's for a
// call's async hooks — opened with that agent as the caller, so that the
// hooks of its own settings files are left to it; and what a front end says
// when one cannot be opened.

import { readGrantedEnv } from "../_internal/env.ts";
import { printable } from "../_internal/printable.ts";
import { formatDiagnostic, HookConfigError } from "../config/diagnostics.ts";
import type { LoadedConfig } from "../config/mod.ts";
import type { ProjectRoot } from "../config/project_root.ts";
import type { Logger } from "../events/env.ts";
import type { AsyncHookCall, HookInvocationRecord } from "../runner/types.ts";
import type { Agent } from "./agent_call.ts";
import { type HookHost, openHookHost } from "./hook_host.ts";

/** Where the hooks of an agent's host come from besides the layers: the front end's flags. */
export interface AgentHostFlags {
  /** Configuration files after the layers (`--config`). */
  config: string[];
  /** Claude Code plugin directories (`--plugin`). */
  plugins: string[];
  /** Extension modules (`--extension`). */
  extensions: string[];
}

/** What the host of an agent's front end needs besides the flags. */
export interface AgentHostOptions {
  logger: Logger;
  onInvocation?: (record: HookInvocationRecord) => void;
  /** Hot reload, for a long-running front end. */
  watch?: boolean;
  /** With `watch`: after every reload that changed the hooks. */
  onReload?: () => void;
  /** With `watch`: after an edit that left the configuration with errors. */
  onReloadError?: () => void;
  /** Take each call's async hooks, to run them elsewhere (a front end that ends with each call). */
  handOffAsyncHooks?: (call: AsyncHookCall) => void;
  /** The agent's own project directory, when the project root was found above it (see `findProjectRoot`). */
  callerProjectDir?: string;
}

/**
 * Opens the host an agent's front end runs events through: every layer and
 * `--config`, `--extension`, hooks that die with this process, and
 * HOOKGATE_TRUST_PROJECT=1 trusting the project. The agent is the caller:
 * the hooks of its own settings files are left out, since it runs them
 * itself.
 *
 * A configuration with errors still opens: its good hooks run, and its
 * broken entries are placeholders (see `openHookHost`).
 *
 * @throws {HookConfigError} When an extension module cannot be loaded.
 */
export function openAgentHost(
  agent: Agent,
  flags: AgentHostFlags,
  projectRoot: string,
  options: AgentHostOptions,
): Promise<HookHost> {
  return openHookHost({
    paths: flags.config,
    ...(flags.plugins.length > 0 ? { plugins: flags.plugins } : {}),
    extensions: flags.extensions,
    projectRoot,
    caller: agent.name,
    ...(options.callerProjectDir !== undefined && options.callerProjectDir !== projectRoot
      ? { callerProjectDir: options.callerProjectDir }
      : {}),
    logger: options.logger,
    ...(options.onInvocation ? { onInvocation: options.onInvocation } : {}),
    ...(options.watch ? { watch: true } : {}),
    ...(options.onReload ? { onReload: options.onReload } : {}),
    ...(options.onReloadError ? { onReloadError: options.onReloadError } : {}),
    ...(options.handOffAsyncHooks ? { handOffAsyncHooks: options.handOffAsyncHooks } : {}),
    dieWithHost: true,
    ...(readGrantedEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {}),
  });
}

/**
 * Why a host could not be opened, in one line; a configuration's
 * diagnostics are written to stderr first, one a line.
 */
export function hostErrorMessage(error: unknown, projectRoot: string, io: { stderr(text: string): void }): string {
  if (!(error instanceof HookConfigError)) return (error as Error).message;
  for (const diagnostic of error.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
  return `an extension module cannot be loaded (run "hook-run check --cwd ${projectRoot}"): ${
    error.message.split("\n")[0]
  }`;
}

/**
 * The hosts a long-running front end opens as calls come, besides the one
 * it opened at start: each other agent's (with that agent as the caller),
 * and — for callers that may name their project, the server's own socket —
 * each project's, at most `maxProjects` of them. Each is opened on its first
 * call and kept; one that cannot be opened is tried again on the next call,
 * and the call fails (which blocks where it can).
 */
export class AgentHosts {
  #open: (agent: Agent, project: ProjectRoot | undefined) => Promise<HookHost>;
  #describe: (error: unknown) => string;
  #hosts = new Map<string, Promise<HookHost>>();
  #projects = 0;
  #maxProjects: number;
  #closed = false;

  constructor(
    open: (agent: Agent, project: ProjectRoot | undefined) => Promise<HookHost>,
    describe: (error: unknown) => string,
    maxProjects = 0,
  ) {
    this.#open = open;
    this.#describe = describe;
    this.#maxProjects = maxProjects;
  }

  /**
   * The agent's host: for the front end's own project, or for `project`;
   * `undefined` when it already holds `maxProjects` projects' hosts and this
   * is another.
   */
  get(agent: Agent, project?: ProjectRoot): Promise<HookHost> | undefined {
    if (this.#closed) return Promise.reject(new Error("hook-run serve is shutting down"));
    const key = project === undefined ? agent.name : `${agent.name}\0${project.root}\0${project.start}`;
    let host = this.#hosts.get(key);
    if (host === undefined) {
      if (project !== undefined) {
        if (this.#projects >= this.#maxProjects) return undefined;
        this.#projects++;
      }
      host = this.#open(agent, project).then(async (opened) => {
        if (!this.#closed) return opened;
        await opened.close();
        throw new Error("hook-run serve is shutting down");
      }, (error) => {
        this.#hosts.delete(key);
        if (project !== undefined) this.#projects--;
        throw new Error(`cannot load the configuration for ${agent.label}: ${this.#describe(error)}`);
      });
      this.#hosts.set(key, host);
    }
    return host;
  }

  /** Closes every host opened (background hooks are awaited); no host opens after. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#hosts.values()].map((host) => host.then((opened) => opened.close(), () => {})));
  }

  /** Kills the running hooks of every host opened; how many. */
  async killRunningHooks(): Promise<number> {
    const counts = await Promise.all(
      [...this.#hosts.values()].map((host) => host.then((opened) => opened.runner.killRunningHooks(), () => 0)),
    );
    return counts.reduce((a, b) => a + b, 0);
  }
}

/** Why an explicit `--config` was refused, when one was: the caller runs that file itself. */
export function refusedConfig(config: LoadedConfig): string | undefined {
  const layer = config.layers.find((layer) => layer.refused !== undefined);
  return layer === undefined
    ? undefined
    : `--config ${layer.refused}; remove "--config ${layer.path}" from the hook command`;
}
