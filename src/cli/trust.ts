// `hook-run trust`: show everything a project's hooks would run, receive,
// send and call, what changed since it was last trusted, and record trust
// in exactly that (on --yes or an interactive "y"); --revoke forgets it.

import {
  AGENT_LABELS,
  checkConfig,
  formatDiagnostic,
  type ProjectFile,
  type ProjectSnapshot,
  type TrustRecord,
} from "../../mod.ts";
import { AGENT_FILES, type HookAgent, type TrustOwner } from "../config/mod.ts";
import {
  fileMark,
  layerOwner,
  projectHookLine,
  recordProjectTrust,
  revokeProjectTrust,
  trustFilePath,
} from "../config/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint } from "./_io.ts";
import { absolutePath } from "./_path.ts";
import { projectOf } from "./_project_root.ts";
import { trustCommandLine } from "../host/mod.ts";
import { MANAGED_LINE, shownHookLine } from "./_trust.ts";

export const TRUST_HELP = `Usage: hook-run trust [--cwd DIR] [--yes] [--revoke] [--json]

Shows every hook of the project of DIR (the nearest directory up from DIR
that holds .hookgate/ or an agent's project file, never above the git root
or your home directory: trust in it holds in all its subdirectories) — its
.hookgate/config.jsonc and .claude/settings*.json — with the digest of each
part — hookgate's own, and Claude Code's settings, which Claude runs itself, so that a change there
holds the project back only for the callers that run them through hookgate
(hook-run run, not the gateway or the server answering Claude): event,
matcher, transport, what it runs or calls,
every file the digest covers (the files hooks name, the directories those
live in, extension code and what it imports; links as link → target, files
outside the project marked) with their digests, the environment variables
the hooks receive or send, the URLs they call, and what changed since the
project was last trusted. Then records trust in exactly that, on --yes or
when you answer "y". Any later change to the configuration or to those files
untrusts the project until you trust it again.

Options:
  --cwd DIR   a directory of the project (default: the current directory)
  --yes       trust without asking
  --revoke    forget the project's trust
  --json      print the project as JSON (and trust only with --yes)

Trust is kept in $HOOKGATE_HOME/trust.json (default ~/.config/hookgate).
HOOKGATE_TRUST_PROJECT=1 trusts a project for one run instead (CI containers).
`;

export async function trustCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("trust", args, {
    yes: { type: "boolean", short: "y" },
    revoke: { type: "boolean" },
  });
  if (values.help) {
    io.stdout(TRUST_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}" for "trust" (use --cwd DIR)`);
  const flags = commonFlags(values);
  if (flags.config.length + flags.plugins.length > 0) {
    throw new CliError(
      "--config files and --plugin directories are your own and always trusted; trust takes --cwd DIR",
    );
  }
  // The project of DIR, as every front end finds it: trust recorded for it holds in all its subdirectories.
  const found = await projectOf(await absolutePath(flags.cwd ?? Deno.cwd()));
  const root = found.root;
  if (root !== found.start) {
    const say = `${printable(found.start)} is inside the project ${printable(root)} (it holds ${
      printable(found.marker ?? "")
    }): this is that project's trust\n`;
    if (flags.json) io.stderr(`hook-run trust: ${say}`);
    else io.stdout(say);
  }
  const file = trustFilePath();
  if (file === undefined) throw new CliError("no home directory is known for the trust file; set HOOKGATE_HOME");

  if (values.revoke === true) {
    const was = await writing(file, () => revokeProjectTrust(root, file));
    io.stdout(was ? `trust revoked for ${printable(root)}\n` : `${printable(root)} was not trusted\n`);
    return 0;
  }

  const config = await checkConfig({ projectRoot: root, trust: "require" });
  if (!config.ok) {
    for (const diagnostic of config.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
    throw new CliError("the configuration has errors; fix them before trusting the project");
  }
  if (!flags.json) {
    for (const layer of config.layers) {
      if (layer.kind === "managed" && layer.found) io.stdout(`${printable(layer.path)}: ${MANAGED_LINE}\n`);
    }
  }
  const project = config.project;
  if (project === undefined) {
    io.stdout(
      `${
        printable(root)
      } has no project hook configuration (.hookgate/config.jsonc, .claude/settings*.json): nothing to trust\n`,
    );
    return 0;
  }
  const snapshot = project.snapshot;
  if (flags.json) {
    io.stdout(
      JSON.stringify({ ...snapshot, trusted: project.trusted, changed: changes(snapshot, project.previous) }) + "\n",
    );
  } else {
    describe(io, snapshot, project.trusted, project.previous);
  }
  if (project.trusted) {
    if (!flags.json) {
      io.stdout(`${paint(io, "green", "trusted")}: nothing changed since ${project.previous?.trustedAt}\n`);
    }
    return 0;
  }
  let yes = values.yes === true;
  if (!yes && !flags.json && io.interactive) yes = await ask(io, "Trust these hooks? [y/N] ");
  if (!yes) {
    if (!flags.json) io.stdout(`not trusted; run ${printable(trustCommandLine(root))} --yes to trust\n`);
    return 1;
  }
  await writing(file, () => recordProjectTrust(snapshot, file));
  if (!flags.json) {
    const parts = (Object.entries(snapshot.digests) as [TrustOwner, string][])
      .map(([owner, digest]) => `${owner} ${digest}`);
    const each = parts.length > 1 ? `; ${parts.join(", ")}` : "";
    io.stdout(`${paint(io, "green", "trusted")}: ${printable(root)} (${snapshot.digest}${each})\n`);
  }
  return 0;
}

/** Each part of a project as `hook-run trust` names it. */
const PART_LABELS: Readonly<Partial<Record<TrustOwner, string>>> = {
  hookgate: "hookgate's own (.hookgate/, the files its hooks run, extension code)",
  claude:
    `${AGENT_LABELS.claude}'s settings (.claude/settings*.json and the files their hooks run; ${AGENT_LABELS.claude} runs them itself)`,
};

/** A part as `hook-run trust` names it: an agent's files by the table's row. */
function partLabel(owner: TrustOwner): string {
  const known = PART_LABELS[owner];
  if (known !== undefined) return known;
  const agent = owner as HookAgent;
  const files = AGENT_FILES[agent]?.projectFiles.join(", ") ?? "its own files";
  return `${AGENT_LABELS[agent]}'s settings (${files} and the files their hooks run; ${
    AGENT_LABELS[agent]
  } runs them itself)`;
}

function describe(io: CliIo, snapshot: ProjectSnapshot, trusted: boolean, previous: TrustRecord | undefined): void {
  io.stdout(
    `${paint(io, "bold", `Project ${printable(snapshot.root)}`)}: ${
      trusted ? "trusted" : previous ? "changed since it was trusted" : "not trusted"
    }\n`,
  );
  const parts = Object.entries(snapshot.digests) as [TrustOwner, string][];
  if (parts.length > 1) {
    io.stdout(
      "\nParts of the project, each with its own digest (what a caller runs itself counts only for the others):\n",
    );
  }
  for (const [owner, digest] of parts.length > 1 ? parts : []) {
    const before = previous?.digests?.[owner];
    const state = previous === undefined
      ? ""
      : before === undefined
      ? previous.digests === undefined ? "" : ", new since trusted"
      : before === digest
      ? ", unchanged since trusted"
      : ", changed since trusted";
    io.stdout(`  ${partLabel(owner)}: ${digest}${state}\n`);
  }
  io.stdout(`\nHooks (${snapshot.hooks.length}):\n`);
  for (const hook of snapshot.hooks) {
    io.stdout(`  ${printable(shownHookLine(hook, projectHookLine))}\n`);
    const owner = layerOwner(hook.source);
    const runBy = owner === undefined
      ? ""
      : ` (run by ${AGENT_LABELS[owner]} itself; hookgate runs it only for other callers, such as hook-run run)`;
    io.stdout(paint(io, "dim", `    from ${printable(hook.source)}${runBy}\n`));
    for (const file of hook.files) io.stdout(`    runs ${printable(fileLine(file))}\n`);
  }
  if (snapshot.files.length > 0) {
    io.stdout(
      `\nFiles the hooks may run (${
        count(snapshot.files.length, "file")
      }: the files they name, and the directories those live in):\n`,
    );
    for (const file of snapshot.files) io.stdout(`  ${printable(fileLine(file))}\n`);
  }
  if (snapshot.extensions.length > 0) {
    io.stdout(
      `\nExtension code (${
        count(snapshot.extensions.length, "file")
      }; it runs inside hook-run, with its permissions):\n`,
    );
    for (const file of snapshot.extensions) io.stdout(`  ${printable(fileLine(file))}\n`);
  }
  if (!trusted && previous !== undefined) {
    const guards = previous.guards;
    if (guards === undefined) {
      io.stdout(
        "\nUntil you trust it again or revoke it, every tool call, permission request and prompt is denied: its trust was recorded by an earlier hookgate that did not note its guards\n",
      );
    } else if (guards.length > 0) {
      io.stdout(`\nGuards you trusted, which deny until you trust it again or revoke it (${guards.length}):\n`);
      for (const guard of guards) {
        const matcher = guard.matcher === undefined ? "" : ` [${guard.matcher}]`;
        io.stdout(`  ${printable(`${guard.event}${matcher} ${guard.name}`)}\n`);
      }
    }
  }
  io.stdout(`\nEnvironment variables the hooks receive or send: ${list(snapshot.env)}\n`);
  io.stdout(`URLs the hooks call: ${list(snapshot.urls)}\n`);
  const changed = changes(snapshot, previous);
  if (changed !== null) {
    io.stdout(`\nChanged since trusted on ${previous!.trustedAt}:\n`);
    for (const line of changed.hooksAdded) io.stdout(`  ${paint(io, "green", "+")} ${printable(line)}\n`);
    for (const line of changed.hooksRemoved) io.stdout(`  ${paint(io, "red", "-")} ${printable(line)}\n`);
    for (const path of changed.filesChanged) {
      io.stdout(`  ${paint(io, "yellow", "~")} file ${printable(path)} changed\n`);
    }
    if (changed.hooksAdded.length + changed.hooksRemoved.length + changed.filesChanged.length === 0) {
      io.stdout("  the configuration changed in a setting of its hooks (timeouts, environment, headers, …)\n");
    }
  }
  io.stdout("\n");
}

/** A covered file as shown: `link → target`, its digest, and whether it lies outside the project. */
function fileLine(file: ProjectFile): string {
  const outside = file.outside === true || (file.target !== undefined && file.target.startsWith("/"));
  const digest = file.sha256 === "" ? "leads nowhere" : `sha256 ${file.sha256.slice(0, 12)}`;
  return `${file.path}${file.target === undefined ? "" : ` → ${file.target}`} (${digest})${
    outside ? ", outside the project" : ""
  }`;
}

interface Changes {
  hooksAdded: string[];
  hooksRemoved: string[];
  filesChanged: string[];
}

function changes(snapshot: ProjectSnapshot, previous: TrustRecord | undefined): Changes | null {
  if (previous === undefined || previous.digest === snapshot.digest) return null;
  const now = snapshot.hooks.map(projectHookLine);
  const files = Object.fromEntries(
    [...snapshot.files, ...snapshot.extensions].map((file) => [file.path, fileMark(file)]),
  );
  const paths = new Set([...Object.keys(files), ...Object.keys(previous.files)]);
  return {
    hooksAdded: now.filter((line) => !previous.hooks.includes(line)),
    hooksRemoved: previous.hooks.filter((line) => !now.includes(line)),
    filesChanged: [...paths].filter((path) => files[path] !== previous.files[path]).sort(),
  };
}

function count(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}

function list(items: string[]): string {
  return items.length === 0 ? "(none)" : items.map(printable).join(", ");
}

async function ask(io: CliIo, question: string): Promise<boolean> {
  io.stdout(question);
  const buffer = new Uint8Array(4096);
  const read = await io.stdin().read(buffer);
  return /^\s*y(es)?\s*$/i.test(new TextDecoder().decode(buffer.subarray(0, read ?? 0)));
}

/** Runs a trust-file write; a missing --allow-write becomes one clear line. */
async function writing<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      throw new CliError(
        `cannot write the trust file ${file}: ${(error as Error).message}; allow it with --allow-write=${
          file.replace(/\/[^/]*$/, "")
        }`,
      );
    }
    throw error;
  }
}
