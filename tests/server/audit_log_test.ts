// hook-run serve --record FILE: the audit log, with real files in a temp
// directory — rotation at the bound, every field of a line, whole lines
// under concurrent calls, hook-run replay reading it, and a log that
// cannot be written never changing an answer.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "../cli/_cli.ts";
import { eventually, exists, post, serve, withConfig } from "../cli/_serve.ts";
import { AuditLog } from "../../src/server/_audit_log.ts";

const HOOKS = {
  PreToolUse: [{
    name: "no-rm",
    matcher: "bash",
    command: "grep -q 'rm ' && { echo 'no rm here' >&2; exit 2; } || true",
  }],
};

function preToolUse(dir: string, command: string, session = "s-1") {
  return {
    hook_event_name: "PreToolUse",
    session_id: session,
    cwd: dir,
    tool_name: "Bash",
    tool_input: { command },
  };
}

async function lines(path: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(path);
  ok(text === "" || text.endsWith("\n"), `${path} ends with a whole line`);
  return text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line));
}

Deno.test("AuditLog rotates at the size bound: FILE.1 … FILE.K, the oldest dropped, no line cut", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-audit-" });
  try {
    const path = join(dir, "audit.jsonl");
    const said: string[] = [];
    const outcomes: string[] = [];
    const log = await AuditLog.open({
      path,
      maxBytes: 1000,
      keep: 2,
      say: (message) => said.push(message),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    // 100 bytes a line: 10 to a file, 45 lines → FILE holds 5, FILE.1 and FILE.2 ten each, the first 20 dropped.
    for (let i = 0; i < 45; i++) log.write(JSON.stringify({ n: i, pad: "x".repeat(84 - String(i).length) }) + "\n");
    await log.close();
    for (const file of [path, `${path}.1`, `${path}.2`]) {
      ok((await Deno.stat(file)).size <= 1000, `${file} within the bound`);
    }
    equal(await exists(`${path}.3`), false, "no more than --record-keep rotated files");
    deepEqual((await lines(`${path}.2`)).map((line) => line.n), [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    deepEqual((await lines(`${path}.1`)).map((line) => line.n), [30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    deepEqual((await lines(path)).map((line) => line.n), [40, 41, 42, 43, 44]);
    equal(outcomes.filter((outcome) => outcome === "rotated").length, 4);
    equal(outcomes.filter((outcome) => outcome === "written").length, 45);
    deepEqual(said, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("AuditLog loses a line it cannot write, says so once, and writes again once it can", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-audit-" });
  try {
    const sub = join(dir, "logs");
    await Deno.mkdir(sub);
    const path = join(sub, "audit.jsonl");
    const said: string[] = [];
    let failed = 0;
    const log = await AuditLog.open({
      path,
      maxBytes: 1 << 20,
      keep: 1,
      say: (message) => said.push(message),
      onOutcome: (outcome) => outcome === "failed" && failed++,
    });
    log.write('{"n":1}\n');
    await eventually(
      () => exists(path).then(async (found) => found && (await Deno.readTextFile(path)) !== ""),
      "line 1",
    );
    await Deno.remove(sub, { recursive: true });
    for (let n = 2; n <= 4; n++) log.write(`{"n":${n}}\n`);
    await eventually(() => failed === 3, "three lines lost");
    equal(said.length, 1, "said once, not once a line");
    match(said[0]!, /cannot record to .*audit\.jsonl: .*hookgate_record_failures_total/);
    await Deno.mkdir(sub);
    log.write('{"n":5}\n');
    await log.close();
    deepEqual(await lines(path), [{ n: 5 }], "a removed file is made again");
    equal(said.length, 2);
    match(said[1]!, /recording to .*audit\.jsonl again/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run serve --record writes one whole line per call with every field, and hook-run replay reads it", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    const record = join(dir, "audit.jsonl");
    const server = await serve(["--config", config, "--record", record], { cwd: dir });
    let stopped;
    try {
      ok((await post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, "rm -rf /"))).text.includes('"deny"'));
      equal((await post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, "ls"))).text, "{}\n");
      equal((await post(`${server.url}/hooks/PreToolUse`, "not json")).status, 200, "unreadable: the block");
      // Concurrent calls, denied and not: each line whole, each with its own call's deciding hook.
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) => post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, i % 2 ? `rm ${i}` : `echo ${i}`, `s-${i}`)),
        ),
      );
      answers.forEach((answer, i) => equal(answer.text.includes('"deny"'), i % 2 === 1));
    } finally {
      stopped = await server.stop();
    }
    equal(stopped.code, 0);
    const all = await lines(record);
    equal(all.length, 23, "one line per call");
    const [denied, allowed, unread] = all;
    const { time, durationMs, ...rest } = denied!;
    ok(!Number.isNaN(Date.parse(time as string)) && (time as string).endsWith("Z"), "an ISO time");
    equal(typeof durationMs, "number");
    deepEqual(rest, {
      agent: "claude",
      event: "PreToolUse",
      toolName: "Bash",
      toolInput: { command: "rm -rf /" },
      cwd: dir,
      sessionId: "s-1",
      status: 200,
      decision: "deny",
      hook: "no-rm",
      reason: "no rm here",
    });
    equal(allowed!.decision, "none");
    equal(allowed!.hook, undefined);
    equal(unread!.read, false);
    equal(unread!.decision, "deny");
    match(unread!.reason as string, /JSON/);
    deepEqual(
      new Set(all.slice(3).map((line) => `${line.sessionId} ${(line.toolInput as { command: string }).command}`)),
      new Set(Array.from({ length: 20 }, (_, i) => `s-${i} ${i % 2 ? "rm" : "echo"} ${i}`)),
    );
    for (const line of all.slice(3)) {
      const denied = (line.toolInput as { command: string }).command.startsWith("rm ");
      deepEqual([line.decision, line.hook], denied ? ["deny", "no-rm"] : ["none", undefined]);
    }

    const replay = await cli(["replay", record, "--config", config, "--json"], { cwd: dir });
    equal(replay.code, 2, `the rm call is blocked again: ${replay.stderr}`);
    const report = JSON.parse(replay.stdout);
    equal(report.totals.problems, 0, replay.stdout);
    deepEqual(report.totals.skipped, { "call not read": 1 });
  });
});

Deno.test("hook-run serve --record rotates at --record-max-bytes, keeps --record-keep files, and counts it in /metrics", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    const record = join(dir, "audit.jsonl");
    const server = await serve(
      ["--config", config, "--record", record, "--record-max-bytes", "4096", "--record-keep", "2"],
      { cwd: dir },
    );
    let stopped;
    try {
      const pad = "y".repeat(700);
      for (let i = 0; i < 40; i++) {
        equal((await post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, `echo ${i} ${pad}`))).status, 200);
      }
      await eventually(async () => {
        const text = await (await fetch(`${server.url}/metrics`)).text();
        return /^hookgate_record_lines_total 40$/m.test(text) &&
          /^hookgate_record_rotations_total ([5-9]|\d\d)$/m.test(text);
      }, "40 lines and the rotations counted");
    } finally {
      stopped = await server.stop();
    }
    equal(stopped.code, 0);
    const kept = [];
    for (const file of [`${record}.2`, `${record}.1`, record]) {
      ok((await Deno.stat(file)).size <= 4096, `${file} within the bound`);
      kept.push(...await lines(file));
    }
    equal(await exists(`${record}.3`), false);
    const numbers = kept.map((line) => Number((line.toolInput as { command: string }).command.split(" ")[1]));
    equal(numbers.at(-1), 39, "the newest line is in FILE");
    deepEqual(
      numbers,
      Array.from({ length: numbers.length }, (_, i) => 40 - numbers.length + i),
      "in order, oldest dropped",
    );
    ok(numbers.length < 40);
  });
});

Deno.test("hook-run serve --record never changes an answer when the log cannot be written", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    const logs = join(dir, "logs");
    await Deno.mkdir(logs);
    const server = await serve(["--config", config, "--record", join(logs, "audit.jsonl")], { cwd: dir });
    try {
      await post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, "ls"));
      // Written after the answer: wait for it before taking the directory away.
      await eventually(
        async () => /^hookgate_record_lines_total 1$/m.test(await (await fetch(`${server.url}/metrics`)).text()),
        "the first line written",
      );
      await Deno.remove(logs, { recursive: true });
      for (let i = 0; i < 3; i++) {
        const { status, text } = await post(`${server.url}/hooks/PreToolUse`, preToolUse(dir, "rm -rf /"));
        equal(status, 200);
        ok(text.includes('"permissionDecision":"deny"'), "still denied");
      }
      await eventually(
        async () => /^hookgate_record_failures_total 3$/m.test(await (await fetch(`${server.url}/metrics`)).text()),
        "the lost lines counted",
      );
      equal(server.stderr().match(/cannot record to /g)?.length, 1, "said once");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
