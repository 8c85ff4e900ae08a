// One project hook as `hook-run trust` shows it and the trust record keeps
// it: what it runs or calls, its controls, and the variables and URLs it
// reaches.

import type { ConfiguredHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ModelsConfig } from "../models/client.ts";
import { modelBaseUrl } from "../models/resolve.ts";
import { promptEndpoint } from "../transports/prompt/endpoint.ts";
import type { ProjectFile, ProjectHook } from "./types.ts";

/** Describes one project hook; `files` are the files its command names. */
export function describeHook(
  event: HookEvent,
  hook: ConfiguredHook,
  files: ProjectFile[],
  models: ModelsConfig | undefined,
  source: string,
): ProjectHook {
  const base = {
    event,
    matcher: hook.matcher ?? "*",
    ...(hook.toolRule === undefined ? {} : { toolRule: hook.toolRule }),
    policy: hook.policy === true,
    failurePolicy: hook.failurePolicy ?? "open",
    ...(hook.dialect === undefined ? {} : { dialect: hook.dialect }),
    files,
    source,
  };
  switch (hook.type) {
    case "http":
      return {
        ...base,
        name: hook.name ?? hook.url,
        transport: "http",
        target: hook.url,
        env: [...hook.allowedEnvVars ?? []],
        urls: [hook.url],
      };
    case "prompt": {
      const endpoint = promptEndpoint(hook, models);
      return {
        ...base,
        name: hook.name ?? `prompt(${hook.model ?? "default model"})`,
        transport: "prompt",
        target: hook.prompt,
        env: endpoint?.apiKeyEnv ? [endpoint.apiKeyEnv] : [],
        urls: endpoint ? [modelBaseUrl(endpoint)] : [],
      };
    }
    default: {
      const command = hook.args === undefined ? hook.command : [hook.command, ...hook.args].join(" ");
      return {
        ...base,
        name: hook.name ?? hook.command,
        transport: "command",
        target: command,
        env: [...hook.passEnv ?? []],
        urls: [],
      };
    }
  }
}
