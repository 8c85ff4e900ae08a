// examples/claude/settings.json: every Claude event goes to hook-run
// gateway — but WorktreeCreate, whose hook would replace Claude's own
// worktree creation —, and the command works as the agent runs it;
// settings_http.json sends them to hook-run serve instead.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { HOOK_EVENT_NAMES } from "../mod.ts";
import { CLAUDE_EVENTS } from "../src/dialects/claude/events.ts";
import { parseHooksConfig } from "../src/config/mod.ts";
import { bundleFlags, entry, root, taskFlags } from "./cli/_cli.ts";
import { DENO_DIR } from "./cli/_task.ts";

const example = new URL("../examples/claude/settings.json", import.meta.url).pathname;

/**
 * The events a Claude settings file routes to hookgate: all of Claude's but
 * WorktreeCreate, where Claude reads a hook's stdout as the path of the
 * worktree the hook created (hookgate creates none, and would answer JSON).
 * Another agent's own events (Gemini's BeforeModel) are no Claude events.
 */
const ROUTED = HOOK_EVENT_NAMES.filter((event) => event !== "WorktreeCreate" && CLAUDE_EVENTS.has(event));

/**
 * Where an example settings file sends each event it routes ("command
 * <command>" or "http <url>"); it must have no errors, and every routed event.
 */
async function routes(path: string): Promise<Record<string, string[]>> {
  const parsed = parseHooksConfig(await Deno.readTextFile(path), { path });
  // Meant for the agent's settings: hookgate itself would only warn that
  // "hook-run" is not on its command allowlist.
  deepEqual(parsed.diagnostics.filter((d) => d.severity === "error"), []);
  equal(parsed.dialect, "claude");
  deepEqual(Object.keys(parsed.hooks).sort(), [...ROUTED].sort());
  return Object.fromEntries(
    ROUTED.map((event) => [
      event,
      parsed.hooks[event]!.map((hook) =>
        "url" in hook ? `http ${hook.url}` : `command ${"command" in hook && hook.command}`
      ),
    ]),
  );
}

Deno.test("examples/claude/settings.json routes every Claude event but WorktreeCreate to hook-run gateway", async () => {
  const sent = await routes(example);
  for (const event of ROUTED) deepEqual(sent[event], ["command hook-run gateway"]);
});

Deno.test("examples/claude/settings.json: its command, run as the agent runs it, answers in Claude's format", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    // A hook-run shim on PATH, as the example's README installs one.
    const bin = join(dir, "bin");
    await Deno.mkdir(bin);
    const flags = taskFlags.map((flag) => `'${flag.replace("$HOME", dir)}'`).join(" ");
    await Deno.writeTextFile(
      join(bin, "hook-run"),
      `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet ${flags} '${entry}' "$@"\n`,
    );
    await Deno.chmod(join(bin, "hook-run"), 0o755);
    await Deno.mkdir(join(dir, ".config", "hookgate"), { recursive: true });
    await Deno.writeTextFile(
      join(dir, ".config", "hookgate", "config.jsonc"),
      `{"hooks": {"PreToolUse": [{"matcher": "Bash", "command": "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || exit 0"}]}}`,
    );
    const command = JSON.parse(await Deno.readTextFile(example)).hooks.PreToolUse[0].hooks[0].command as string;
    const child = new Deno.Command("sh", {
      args: ["-c", command],
      cwd: dir,
      env: { PATH: `${bin}:${Deno.env.get("PATH")}`, HOME: dir, CLAUDE_PROJECT_DIR: dir, NO_COLOR: "1" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify({
      session_id: "s",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    })));
    await writer.close();
    const { code, stdout, stderr } = await child.output();
    equal(code, 0, new TextDecoder().decode(stderr));
    deepEqual(JSON.parse(new TextDecoder().decode(stdout)), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no rm -rf",
      },
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const httpExample = new URL("../examples/claude/settings_http.json", import.meta.url).pathname;

Deno.test("examples/claude/settings_http.json sends each event to its own hook-run serve URL, SessionStart and Setup to the gateway", async () => {
  const sent = await routes(httpExample);
  for (const event of ROUTED) {
    // Claude runs only command (and mcp_tool) hooks on SessionStart and
    // Setup. The path names the event, so a body serve cannot read is still blocked.
    const expected = event === "SessionStart" || event === "Setup"
      ? "command hook-run gateway"
      : `http http://127.0.0.1:8787/hooks/${event}`;
    deepEqual(sent[event], [expected]);
  }
});

/** The shims examples/claude/README.md writes to ~/.local/bin/hook-run, as shell commands. */
async function readmeShims(): Promise<string[]> {
  const readme = await Deno.readTextFile(new URL("../examples/claude/README.md", import.meta.url));
  return [...readme.matchAll(/^printf .* > ~\/\.local\/bin\/hook-run$/gm)].map((match) => match[0]);
}

Deno.test("examples/claude/README.md: each shim keeps the caller's directory for check, list, trust and import-claude", async (t) => {
  const shims = await readmeShims();
  equal(shims.length, 2, "a shim over the checkout and one over the bundle");
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-shims-" }));
  try {
    // What "deno task bundle" writes to dist/hook-run/, built outside the checkout.
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...bundleFlags, "--outdir", join(dir, "dist", "hook-run"), entry],
      cwd: root,
    }).output();
    equal(built.success, true);
    const project = join(dir, "project");
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.mkdir(join(project, ".hookgate"));
    await Deno.writeTextFile(
      join(project, ".claude", "settings.json"),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    await Deno.writeTextFile(join(project, ".hookgate", "config.jsonc"), `{"hooks": {"Stop": [{"command": "true"}]}}`);
    for (const [index, shim] of shims.entries()) {
      await t.step(shim.includes("dist/") ? "the bundle" : "the checkout", async () => {
        const home = join(dir, `home-${index}`);
        const bin = join(home, ".local", "bin");
        await Deno.mkdir(bin, { recursive: true });
        const command = shim
          .replaceAll("/opt/hookgate/dist/", `${dir}/dist/`)
          .replaceAll("/opt/hookgate/", root.endsWith("/") ? root : `${root}/`)
          .replace("~/.local/bin/hook-run", join(bin, "hook-run"));
        equal((await new Deno.Command("sh", { args: ["-c", command] }).output()).success, true);
        await Deno.chmod(join(bin, "hook-run"), 0o755);
        const run = async (...args: string[]) => {
          const output = await new Deno.Command(join(bin, "hook-run"), {
            args,
            cwd: project,
            env: { HOME: home, NO_COLOR: "1", DENO_DIR, DENO_NO_UPDATE_CHECK: "1" },
            stdout: "piped",
            stderr: "piped",
          }).output();
          const decoder = new TextDecoder();
          return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
        };
        const check = await run("check");
        equal(check.code, 0, check.stdout + check.stderr);
        match(check.stdout, new RegExp(`project ${project}: not trusted`));
        const list = await run("list");
        match(list.stdout, /\.hookgate\/config\.jsonc/);
        const trust = await run("trust", "--yes");
        equal(trust.code, 0, trust.stdout + trust.stderr);
        match(trust.stdout, new RegExp(`trusted: ${project} `));
        const imported = await run("import-claude");
        equal(imported.code, 0, imported.stderr);
        match(imported.stdout, new RegExp(`Converted from ${project}/\\.claude/settings\\.json`));
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
