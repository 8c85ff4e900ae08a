// deno-lint-ignore-file no-console
// What a policy decision costs in process: one command line parsed and
// matched against 50 rules (the destructive set's command rules plus
// permission rules in Claude's syntax), as the first deny or ask rule that
// matches decides. Prints p50 and p95 per line size; the goals are 60 µs
// for an 80-byte line and 300 µs for 1 KB, parsing included: every run
// decides a line of its own (a number in it changes), so no run reuses the
// parse of another.
//
//   deno run --allow-read --allow-env bench/rules_bench.ts

import { type CommandContext, type CommandRule, compileCommandRule } from "../src/matchers/command_rule.ts";
import { compileToolRule, type ToolRule } from "../src/matchers/tool_rule.ts";
import { compilePolicy } from "../src/policy/policy.ts";
import { DESTRUCTIVE } from "../src/policy/sets/mod.ts";
import { readShellLine } from "../src/matchers/bash_pattern.ts";
import { loadShellParser, parseShellLine } from "../src/shell/mod.ts";

const loadStart = performance.now();
await loadShellParser();
const loadMs = performance.now() - loadStart;

const context: CommandContext = { cwd: "/work/p", projectDir: "/work/p", home: "/home/me", tempDirs: ["/tmp"] };
const commandRules: { rule: CommandRule; list: "deny" | "ask" }[] = [];
for (const list of ["deny", "ask"] as const) {
  DESTRUCTIVE[list].forEach((spec, i) => {
    if (typeof spec !== "string") commandRules.push({ rule: compileCommandRule(spec, `${list}[${i}]`), list });
  });
}
const STRING_RULES = [
  "Bash(git push --force *)",
  "Bash(npm publish *)",
  "Bash(curl * | sh)",
  "Bash(terraform destroy *)",
  "Bash(kubectl delete *)",
  "Bash(docker system prune *)",
  "Bash(aws s3 rm *)",
  "Bash(gcloud * delete *)",
  "Bash(psql * -c *DROP*)",
  "Bash(heroku apps:destroy *)",
  "Bash(helm uninstall *)",
  "Bash(redis-cli flushall)",
  "Bash(sudo *)",
  "Bash(npm test)",
  "Read(//etc/shadow)",
  "WebFetch(domain:evil.example)",
];
const toolRules: ToolRule[] = [];
for (const rule of STRING_RULES) {
  if (commandRules.length + toolRules.length >= 50) break;
  toolRules.push(compileToolRule(rule));
}
const ruleCount = commandRules.length + toolRules.length;

/** The 50 rules as a policy decides them: the line parsed once, for every rule. */
const policy = compilePolicy([{
  kind: "user",
  path: "bench",
  rules: { sets: ["destructive"], deny: toolRules.map((rule) => rule.source) },
}]);
function decidePolicy(command: string): string | undefined {
  return policy.decide({ toolName: "Bash", toolInput: { command }, cwd: context.cwd, projectDir: context.projectDir })
    ?.rule;
}

/** One decision by each rule on its own: the command rules on one parse, then each permission rule's `matches()`. */
function decide(command: string): string | undefined {
  const line = readShellLine(command);
  for (const { rule, list } of commandRules) if (rule.matches(line, context, list)) return rule.id;
  const call = { toolInput: { command }, cwd: context.cwd, projectDir: context.projectDir };
  for (const rule of toolRules) if (rule.matches("Bash", call)) return rule.source;
  return undefined;
}

/** `N` is replaced by the run's number. */
const SHORT = "cd /work/p && npm run build -- --prod && git add -A && git commit -m 'build: update N'";
const LONG = [
  "set -e",
  'for f in src/*.ts; do deno fmt --check "$f" || echo "unformatted: $f"; done',
  "git status --short | grep -v '^??' | awk '{ print $2 }' | sort -u > /tmp/changed.txt",
  "if [ -s /tmp/changed.txt ]; then xargs -a /tmp/changed.txt deno lint; fi",
  "find ./build -name '*.map' -type f -print | head -n 20",
  "rm -rf ./build/cache && mkdir -p ./build/cache",
  "npm ci --no-audit --prefer-offline && npm run test -- --reporter=dot --coverage",
  "cat <<EOF > notes.md\n# Release notes\n- rm -rf / is never run\n- git reset --hard is blocked\nEOF",
  "git log --oneline -20 | tee /tmp/log.txt | wc -l",
  "python3 -c 'import json,sys; print(json.dumps({\"ok\": True}))'",
  "docker ps --format '{{.Names}}' | grep -q web && docker logs --tail 50 web",
  "git diff --stat HEAD~1 && git push origin HEAD:refs/heads/feature/update-notes-N",
  "jq -r '.dependencies | keys[]' package.json | while read -r dep; do npm view \"$dep\" version >> /tmp/versions.txt; done",
  "test -f .env.local && grep -c '^API_' .env.local || printf 'no local environment\\n'",
  "git stash list | head -n 5 && git branch --merged main | grep -v main | tee /tmp/merged.txt",
].join("\n");

/** The same decision with the command rules only: one parse, no permission rule reading the line again. */
function decideCommandRules(command: string): string | undefined {
  const line = parseShellLine(command);
  for (const { rule, list } of commandRules) if (rule.matches(line, context, list)) return rule.id;
  return undefined;
}

function measure(label: string, template: string, runs: number, how = decidePolicy): void {
  for (let i = 0; i < 200; i++) how(template.replaceAll("N", `w${i}`));
  const commands = Array.from({ length: runs }, (_, i) => template.replaceAll("N", String(i)));
  const times: number[] = [];
  for (const command of commands) {
    const start = performance.now();
    how(command);
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${label} (${new TextEncoder().encode(template).length} B): p50 ${at(0.5)} µs, p95 ${at(0.95)} µs`,
  );
}

console.log(`parser load: ${loadMs.toFixed(1)} ms`);
console.log(
  `decision of the short line: ${decidePolicy(SHORT) ?? "goes ahead"}; of the long line: ${
    decidePolicy(LONG) ?? "goes ahead"
  }`,
);
const PARSE_ONLY = (command: string) => void parseShellLine(command);
measure("parse only, typical line", SHORT, 5000, PARSE_ONLY);
measure("parse only, 1 KB script", LONG, 2000, PARSE_ONLY);
measure(`parse + ${commandRules.length} command rules, typical line`, SHORT, 5000, decideCommandRules);
measure(`parse + ${commandRules.length} command rules, 1 KB script`, LONG, 2000, decideCommandRules);
measure(`${ruleCount} rules, each on its own, typical line`, SHORT, 5000, decide);
measure(`${ruleCount} rules, each on its own, 1 KB script`, LONG, 2000, decide);
measure(`${ruleCount} rules as a policy, typical line`, SHORT, 5000);
measure(`${ruleCount} rules as a policy, 1 KB script`, LONG, 2000);
