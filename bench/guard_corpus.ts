// deno-lint-ignore-file no-console
// Scores a rule set against a corpus of commands from public guards' test
// suites (see BENCHMARKS.md): how many destructive commands it blocks and
// how many harmless ones it blocks by mistake, per category.
//
//   deno run --allow-read --allow-write --allow-env --allow-run bench/guard_corpus.ts [corpus.jsonl] [--gateway] [--list]
//
// The corpus path comes from the argument or HOOKGATE_CORPUS; it is never
// copied into the repository. In process, each row's command is parsed and
// matched against the set's compiled rules (a deny or ask rule that matches
// counts as blocked), with the working directory a fresh project directory
// under the home directory, judged in the context the policy builds for a
// call ($HOME, and $TMPDIR, /tmp, /var/tmp as temp directories). With
// --gateway, each row also goes through `hook-run gateway --config
// examples/destructive.jsonc` as a Claude PreToolUse call.

import { type CommandContext, type CommandRule, compileCommandRule } from "../src/matchers/command_rule.ts";
import { compileToolRule } from "../src/matchers/tool_rule.ts";
import { commandContext } from "../src/policy/command_context.ts";
import { RULE_SETS } from "../src/policy/sets/mod.ts";
import { loadShellParser, parseShellLine } from "../src/shell/mod.ts";

interface Row {
  command: string;
  expect: "block" | "allow";
  category: string;
  context: string | null;
  note?: string;
}

interface Score {
  block: number;
  blocked: number;
  allow: number;
  falseBlocked: number;
}

const args = Deno.args.filter((arg) => !arg.startsWith("--"));
const path = args[0] ?? Deno.env.get("HOOKGATE_CORPUS");
if (path === undefined) {
  console.error("Cannot score the rule set: give the corpus path as an argument or in HOOKGATE_CORPUS");
  Deno.exit(2);
}
const list = Deno.args.includes("--list");
const gateway = Deno.args.includes("--gateway");
const setName = Deno.env.get("HOOKGATE_RULE_SET") ?? "destructive";
const set = RULE_SETS[setName];
if (set === undefined) {
  console.error(`Cannot score the rule set: there is no set named ${JSON.stringify(setName)}`);
  Deno.exit(2);
}

const rows: Row[] = (await Deno.readTextFile(path)).split("\n").filter((line) => line.trim() !== "").map((line) =>
  JSON.parse(line) as Row
).filter((row) => row.context === null);

const home = Deno.env.get("HOME") ?? "/root";
const projectDir = await Deno.makeTempDir({ dir: home, prefix: "hookgate-corpus-" });
// The context the gateway judges a call in: the same function.
const context: CommandContext = commandContext({ cwd: projectDir, projectDir });

await loadShellParser();
const rules: { rule: CommandRule; list: "deny" | "ask" }[] = [];
const toolRules: ReturnType<typeof compileToolRule>[] = [];
for (const kind of ["deny", "ask"] as const) {
  set[kind].forEach((spec, i) => {
    if (typeof spec === "string") toolRules.push(compileToolRule(spec));
    else rules.push({ rule: compileCommandRule(spec, `${setName}.${kind}[${i}]`), list: kind });
  });
}

function blockedInProcess(command: string): string | undefined {
  const line = parseShellLine(command);
  for (const { rule, list } of rules) {
    if (rule.matches(line, context, list)) return rule.id ?? list;
  }
  const call = { toolInput: { command }, cwd: context.cwd, projectDir };
  return toolRules.find((rule) => rule.matches("Bash", call))?.source;
}

async function blockedByGateway(command: string): Promise<boolean> {
  const config = new URL("../examples/destructive.jsonc", import.meta.url).pathname;
  const main = new URL("../src/cli/main.ts", import.meta.url).pathname;
  const payload = {
    session_id: "corpus",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    cwd: projectDir,
  };
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", main, "gateway", "--config", config],
    cwd: projectDir,
    env: { CLAUDE_PROJECT_DIR: projectDir },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(payload)));
  await writer.close();
  const { code, stdout } = await child.output();
  const text = new TextDecoder().decode(stdout);
  return code === 2 || /"permissionDecision"\s*:\s*"(deny|ask)"/.test(text) || /"decision"\s*:\s*"block"/.test(text);
}

function report(title: string, judge: (row: Row) => boolean, chosen: Row[]): void {
  const per = new Map<string, Score>();
  const total: Score = { block: 0, blocked: 0, allow: 0, falseBlocked: 0 };
  const misses: Row[] = [];
  const falseBlocks: Row[] = [];
  for (const row of chosen) {
    const score = per.get(row.category) ?? { block: 0, blocked: 0, allow: 0, falseBlocked: 0 };
    per.set(row.category, score);
    const blocked = judge(row);
    for (const s of [score, total]) {
      if (row.expect === "block") {
        s.block++;
        if (blocked) s.blocked++;
      } else {
        s.allow++;
        if (blocked) s.falseBlocked++;
      }
    }
    if (row.expect === "block" && !blocked) misses.push(row);
    if (row.expect === "allow" && blocked) falseBlocks.push(row);
  }
  const pct = (n: number, d: number) => d === 0 ? "-" : `${(100 * n / d).toFixed(1)}%`;
  console.log(`\n## ${title}`);
  console.log("| category | destructive | blocked | harmless | blocked by mistake |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [category, s] of [...per].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `| ${category} | ${s.block} | ${s.blocked} (${pct(s.blocked, s.block)}) | ${s.allow} | ${s.falseBlocked} (${
        pct(s.falseBlocked, s.allow)
      }) |`,
    );
  }
  console.log(
    `| **all** | ${total.block} | ${total.blocked} (${
      pct(total.blocked, total.block)
    }) | ${total.allow} | ${total.falseBlocked} (${pct(total.falseBlocked, total.allow)}) |`,
  );
  if (list) {
    console.log(`\nmisses (${misses.length}):`);
    for (const row of misses) console.log(`  [${row.category}] ${JSON.stringify(row.command).slice(0, 160)}`);
    console.log(`false blocks (${falseBlocks.length}):`);
    for (const row of falseBlocks) {
      console.log(
        `  [${row.category}] ${JSON.stringify(row.command).slice(0, 160)} <- ${blockedInProcess(row.command)}`,
      );
    }
  }
}

try {
  const withoutNotes = rows.filter((row) => row.note === undefined);
  console.log(`corpus ${path}: ${rows.length} context-free rows, ${rows.length - withoutNotes.length} with a note`);
  const inProcess = new Map(rows.map((row) => [row, blockedInProcess(row.command) !== undefined]));
  report("in process, every context-free row", (row) => inProcess.get(row)!, rows);
  report("in process, without the rows with a note", (row) => inProcess.get(row)!, withoutNotes);
  if (gateway) {
    const decided = new Map<Row, boolean>();
    for (const row of rows) decided.set(row, await blockedByGateway(row.command));
    report("hook-run gateway, every context-free row", (row) => decided.get(row)!, rows);
    report("hook-run gateway, without the rows with a note", (row) => decided.get(row)!, withoutNotes);
  }
} finally {
  await Deno.remove(projectDir, { recursive: true });
}
