// The project's trust for one load: which project layers have something to
// trust, their content as the digest covers it, the decision of the trust
// room — loaded only then, since a hook-run per tool call must not pay for
// snapshots, digests and the trust file — and what kept it from being
// decided, as error diagnostics.

import { join } from "../_internal/path.ts";
import type { HookAgent } from "../trust/agent_files.ts";
import type { ProjectTrust, TrustOption, TrustProblem } from "../trust/project_trust.ts";
import type { ProjectLayerContent } from "../trust/types.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ConfigLayer } from "./layers.ts";
import { LayerMerge } from "./_merge.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/** What a load asks of its project's trust. */
export interface TrustRequest {
  /** Which project layers count (the load's `trust` option). */
  trust: TrustOption | undefined;
  /** The user's hookgate directory, where the trust file is. */
  home: string | undefined;
  /** The agent the load answers. */
  caller: HookAgent | undefined;
  /** The files the caller runs itself: their hooks are the caller's, never skipped here. */
  callerRuns: ReadonlySet<string>;
}

/**
 * The trust state of the project's layers, or `undefined` when the project
 * has nothing for hookgate to run or load. `layers` are every layer read,
 * in order (their endpoints are the ones prompt hooks would use, for the
 * URLs and keys trust shows); `modules` are those found in the project's
 * extensions directory.
 */
export async function decideTrust(
  root: string,
  layers: readonly { layer: ConfigLayer; parsed: ParsedHooksConfig }[],
  modules: readonly string[],
  request: TrustRequest,
): Promise<{ project: ProjectTrust; diagnostics: ConfigDiagnostic[] } | undefined> {
  const projectLayers = layers.filter(({ layer, parsed }) => layer.kind === "project" && hasContent(parsed));
  // Trust covers every project layer, also those the caller runs itself (one
  // record per project, a digest per owner: what the caller runs itself does
  // not count for it); with nothing left for hookgate to run, there is
  // nothing to decide.
  const forHookgate = projectLayers.some(({ layer }) => layer.runByCaller !== true) || modules.length > 0;
  if (!forHookgate) return undefined;
  const preview = new LayerMerge();
  for (const { layer, parsed } of layers) preview.add(layer.path, parsed, layer.kind === "project");
  // Snapshots, digests and the trust file only for a project that has something to trust.
  const { decideProjectTrust } = await import("../trust/project_trust.ts");
  const decided = await decideProjectTrust(
    root,
    projectLayers.map(({ layer, parsed }) => layerContent(layer.path, parsed)),
    preview.result().models,
    request.trust ?? "require",
    request.home,
    modules,
    request.caller,
  );
  let project = decided.trust;
  if (request.callerRuns.size > 0) {
    project = {
      ...project,
      skipped: project.skipped.filter((hook) => !request.callerRuns.has(join(root, hook.source))),
    };
  }
  return { project, diagnostics: decided.problems.map(asDiagnostic) };
}

/** A parsed project layer as the digest covers it. */
function layerContent(path: string, parsed: ParsedHooksConfig): ProjectLayerContent {
  return {
    path,
    hooks: parsed.hooks,
    ...(parsed.extensions ? { extensions: parsed.extensions } : {}),
    ...(parsed.models ? { models: parsed.models } : {}),
    ...(parsed.commandAllowlist ? { commandAllowlist: parsed.commandAllowlist } : {}),
    ...(parsed.httpAllowedUrls ? { httpAllowedUrls: parsed.httpAllowedUrls } : {}),
    ...(parsed.placeholders.length > 0 ? { placeholders: parsed.placeholders } : {}),
    ...(parsed.rules ? { rules: parsed.rules } : {}),
  };
}

/** A problem of the decision, as an error at the file or directory concerned. */
function asDiagnostic(problem: TrustProblem): ConfigDiagnostic {
  const { file, message, hint } = problem;
  return { severity: "error", file, line: 1, column: 1, path: [], message, hint };
}

/** Whether a parsed file declares anything that would take effect. */
function hasContent(parsed: ParsedHooksConfig): boolean {
  return Object.values(parsed.hooks).some((list) => (list?.length ?? 0) > 0) || parsed.placeholders.length > 0 ||
    parsed.models !== undefined ||
    parsed.commandAllowlist !== undefined || parsed.httpAllowedUrls !== undefined || parsed.extensions !== undefined ||
    parsed.hookGrants !== undefined || parsed.sanitizeEnv === true || parsed.claudePlugins !== undefined ||
    parsed.rules !== undefined;
}
