// The command transport's cost over a bare spawn. `cat` is the hook: it
// echoes the payload, a JSON object, which hookgate reads as "allow".

import { HookRegistry, HookRunner, runShellHookDetailed } from "../mod.ts";

const env = { cwd: Deno.cwd() };
const toolInput = { command: "ls -la", description: "list files" };
const payload = {
  event: "PreToolUse" as const,
  cwd: env.cwd,
  sessionId: "bench",
  toolName: "bash",
  toolInput,
};
const payloadBytes = new TextEncoder().encode(JSON.stringify(payload) + "\n");

function runnerWith(
  count: number,
  event: "PreToolUse" | "PostToolUse",
): HookRunner {
  const registry = new HookRegistry();
  registry.loadShellHooks({
    [event]: Array.from({ length: count }, () => ({ command: "cat" })),
  });
  return new HookRunner({ registry, sessionId: () => "bench" });
}

/** What a careful host would write by hand: pipes drained, stdin written. */
async function bareSpawn(
  program: string,
  args: string[],
  detached: boolean,
): Promise<void> {
  const child = new Deno.Command(program, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    detached,
  })
    .spawn();
  const out = new Response(child.stdout).arrayBuffer();
  const err = new Response(child.stderr).arrayBuffer();
  const writer = child.stdin.getWriter();
  await writer.write(payloadBytes);
  await writer.close();
  await Promise.all([child.status, out, err]);
}

const one = runnerWith(1, "PreToolUse");
const fanOne = runnerWith(1, "PostToolUse");
const fanTen = runnerWith(10, "PostToolUse");
const result = { content: "ok", isError: false };

Deno.bench(
  "command: bare spawn of cat",
  { group: "spawn", baseline: true },
  async () => {
    await bareSpawn("cat", [], false);
  },
);
Deno.bench("command: bare spawn of cat, own group via setsid", {
  group: "spawn",
}, async () => {
  await bareSpawn("setsid", ["--", "cat"], false);
});
Deno.bench("command: bare spawn of cat, own group via detached", {
  group: "spawn",
}, async () => {
  await bareSpawn("cat", [], true);
});
Deno.bench(
  "command: hookgate runner, one cat hook",
  { group: "spawn" },
  async () => {
    await one.preToolUse("bash", toolInput, env);
  },
);

Deno.bench(
  "command: direct spawn",
  { group: "shell", baseline: true },
  async () => {
    await runShellHookDetailed({ command: "cat" }, payload);
  },
);
Deno.bench("command: through sh -c", { group: "shell" }, async () => {
  await runShellHookDetailed({ command: "sh", args: ["-c", "cat"] }, payload);
});

Deno.bench(
  "command: PostToolUse, 1 hook",
  { group: "fan-out", baseline: true },
  async () => {
    await fanOne.postToolUse("bash", toolInput, result, env);
  },
);
Deno.bench(
  "command: PostToolUse, 10 hooks fanned out",
  { group: "fan-out" },
  async () => {
    await fanTen.postToolUse("bash", toolInput, result, env);
  },
);
Deno.bench(
  "command: bare spawn of cat, 10 in parallel",
  { group: "fan-out" },
  async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => bareSpawn("cat", [], false)),
    );
  },
);

// The C floor, for information, where a C compiler is present.
const floor = await compileFloor();
const FLOOR_RUNS = 20;
Deno.bench(`command: C posix_spawn floor ×${FLOOR_RUNS}`, {
  group: "floor",
  ignore: floor === null,
}, async () => {
  await new Deno.Command(floor!, {
    args: [String(FLOOR_RUNS), "cat", JSON.stringify(payload)],
    stdout: "null",
    stderr: "inherit",
  }).output();
});

async function compileFloor(): Promise<string | null> {
  try {
    const dir = await Deno.makeTempDir({ prefix: "hookgate-bench-" });
    const out = `${dir}/spawn_floor`;
    const source = new URL("./_spawn_floor.c", import.meta.url).pathname;
    const { success } = await new Deno.Command("cc", {
      args: ["-O2", "-o", out, source],
      stderr: "null",
    }).output();
    return success ? out : null;
  } catch {
    return null;
  }
}
