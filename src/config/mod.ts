/**
 * Configuration: JSONC files in the native or Wuu dialect, every problem
 * reported with its place, layers (user → project → explicit), hot reload,
 * the Deno permission flags a configuration needs, and project trust
 * (snapshots and digests, the trust file, the guards that stay in force).
 *
 * @example Parse one file
 * ```ts
 * import { parseHooksConfig } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const parsed = parseHooksConfig('{"hooks": {"Stop": [{"command": "true"}]}}', { path: "a.jsonc" });
 * equal(parsed.ok, true);
 * ```
 *
 * @module
 */

export { type ConfigDialect, type ParsedHooksConfig, parseHooksConfig, type ParseHooksConfigOptions } from "./parse.ts";
export {
  AGENT_FILES,
  AGENT_LABELS,
  type AgentFiles,
  AGENTS,
  checkConfig,
  CLAUDE_HOOKS_FILE,
  type ClaudePlugin,
  type ConfigLayer,
  type ConfigLayerOptions,
  configLayers,
  defaultHome,
  type HookAgent,
  layerOwner,
  loadConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  parseAgent,
  type ProjectTrust,
  type RoutingEntry,
  trustFilePath,
  type TrustOption,
} from "./load.ts";
export { MANAGED_DIR_VARIABLE, managedLayers, systemManagedDir } from "./managed.ts";
export { findProjectRoot, type FindProjectRootOptions, type ProjectRoot } from "./project_root.ts";
export { type ConfigWatcher, watchConfig, type WatchConfigOptions } from "./watch.ts";
export { countShellHooks, shellHooksEqual } from "./equal.ts";
export { type ConfigDiagnostic, formatDiagnostic, HookConfigError } from "./diagnostics.ts";
export { fileMark } from "../trust/project_snapshot.ts";
export type { ProjectFile, ProjectHook, ProjectLayerContent, ProjectSnapshot, TrustOwner } from "../trust/types.ts";
export { ProjectGuard } from "../trust/project_guard.ts";
export {
  readTrustStore,
  TRUST_FILE,
  trustCovers,
  TrustFileError,
  type TrustRecord,
  type TrustStore,
  writeTrustStore,
} from "../trust/trust_store.ts";
export { projectHookLine, recordProjectTrust, revokeProjectTrust } from "../trust/record.ts";
export { type GuardCandidate, guardPlaceholders, isTrustedGuard, type TrustedGuard } from "../trust/trusted_guards.ts";
export { type PermissionCheckOptions, permissionDiagnostics } from "./permission_check.ts";
export { hookgateRoute } from "./routing.ts";
export {
  permissionFlags,
  type PermissionOptions,
  type RequiredPermissions,
  requiredPermissions,
} from "./permission_flags.ts";
export { discoverHookModules, PROJECT_EXTENSIONS_DIR, resolveHookPath } from "../trust/extension_paths.ts";
export { CONFIG_SCHEMA_KINDS, configJsonSchema, type ConfigSchemaKind } from "./json_schemas.ts";
