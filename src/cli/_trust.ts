// What every command says about an untrusted project: which of its hooks do
// not run (calling out policy hooks), and the exact command to trust it.

import type { ProjectHook, ProjectTrust } from "../../mod.ts";
import { printable } from "../_internal/printable.ts";
import { skippedSummary, trustCommandLine } from "../host/mod.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint } from "./_io.ts";

/**
 * One hook as the trust notice and `hook-run trust` show it: policy hooks
 * called out. `line` is the config room's `projectHookLine`, which the
 * caller has loaded (a run with nothing held back never needs it).
 */
export function shownHookLine(hook: ProjectHook, line: (hook: ProjectHook) => string): string {
  return line(hook) + (hook.policy ? '  ["policy": true]' : "");
}

/** Says on stderr what an untrusted (or env-trusted) project means for this run. */
export async function reportProjectTrust(
  io: CliIo,
  project: ProjectTrust | undefined,
  trustedByEnv: boolean,
): Promise<void> {
  if (project === undefined) return;
  const root = project.snapshot.root;
  if (project.trusted) {
    if (trustedByEnv) {
      io.stderr(`hook-run: trusting the project ${printable(root)} for this run (HOOKGATE_TRUST_PROJECT=1)\n`);
    }
    return;
  }
  const skipped = project.skipped;
  const modules = project.skippedExtensions;
  if (skipped.length === 0 && modules.length === 0) return;
  const why = project.previous
    ? "its hooks, their files or its extension code changed since it was trusted"
    : "it has not been trusted";
  io.stderr(
    `${paint(io, "yellow", "hook-run:")} ${skippedSummary(project)} skipped: ${
      printable(root)
    } is not trusted (${why})\n`,
  );
  if (skipped.length > 0) {
    // The configuration room in full (jsonc-parser, zod) only when there are hooks to list.
    const { projectHookLine } = await import("../config/mod.ts");
    for (const hook of skipped) io.stderr(`  ${printable(shownHookLine(hook, projectHookLine))}\n`);
  }
  for (const file of modules) io.stderr(`  extension ${printable(file)}\n`);
  const policy = skipped.filter((hook) => hook.policy).length;
  if (policy > 0) {
    io.stderr(
      `  ${
        policy === 1 ? "1 of them is" : `${policy} of them are`
      } marked "policy": true: a policy hook from an untrusted project does not count either\n`,
    );
  }
  const held = project.heldGuards?.length ?? 0;
  if (held > 0) {
    io.stderr(
      `  ${
        held === 1 ? "1 guard of the version you trusted stays" : `${held} guards of the version you trusted stay`
      } in force, denying what they would have checked until you trust the project again or revoke it\n`,
    );
  }
  io.stderr(`hook-run: review and trust them with: ${printable(trustCommandLine(root))}\n`);
}

/** The project's trust state for --json output. */
export function projectJson(project: ProjectTrust | undefined, trustedByEnv: boolean): unknown {
  if (project === undefined) return null;
  return {
    root: project.snapshot.root,
    trusted: project.trusted,
    trustedBy: trustedByEnv ? "env" : project.trustedBy ?? null,
    digest: project.snapshot.digest,
    digests: project.snapshot.digests,
    skipped: project.skipped.map(({ event, name, matcher, transport, target, policy }) => ({
      event,
      name,
      matcher,
      transport,
      target,
      policy,
    })),
    skippedExtensions: project.skippedExtensions,
    heldGuards: (project.heldGuards ?? []).map(({ event, name, matcher }) => ({
      event,
      name,
      matcher: matcher ?? "*",
    })),
    ...(project.trusted ? {} : { trustCommand: trustCommandLine(project.snapshot.root) }),
  };
}

/** What check and trust say of a managed file. */
export const MANAGED_LINE =
  "managed (system-wide, by your administrator): its hooks and rules always apply; no user or project setting, --no-hooks or trust turns them off";
