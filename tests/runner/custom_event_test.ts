// Adding an event is one table row plus its payload and result types: this
// file adds a test-only event, "PreCommit", and runs it through every part
// of the engine (registry, rules, transports, loop-free serial blocking)
// without touching the runner.

import { deepEqual, equal } from "node:assert/strict";
import {
  type BlockResult,
  type EventTable,
  type FileChangedFields,
  HOOK_EVENTS,
  type HookEvent,
  type HookEventInfo,
  HookRegistry,
  HookRunner,
} from "../../mod.ts";
import { trace } from "../_helpers.ts";

// 1. Its types: what the caller gives, what it gets back.
interface PreCommitEvent {
  fields: FileChangedFields;
  result: BlockResult;
}

// 2. Its row.
const PRE_COMMIT: HookEventInfo = {
  toolEvent: false,
  canBlock: true,
  gatesAction: true,
  canMutate: false,
  canAsk: false,
  canGrant: false,
  context: false,
  denyAsFeedback: false,
  combine: "serial",
  fields: ["filePath"],
  matchOn: null,
  loopGuard: false,
  startsTurn: false,
  canReplaceResult: false,
  inProcessOnly: false,
  description: "Before a commit; a block keeps the file out of it",
};
const EVENTS: EventTable = { ...HOOK_EVENTS, PreCommit: PRE_COMMIT };

// A typed call for the host (the built-in events get theirs from HookEventMap).
function preCommit(
  runner: HookRunner,
  fields: PreCommitEvent["fields"],
  cwd: string,
): Promise<PreCommitEvent["result"]> {
  return runner.run("PreCommit" as HookEvent, fields, { cwd });
}

const PRE_COMMIT_EVENT = "PreCommit" as HookEvent;

Deno.test("HookRunner runs an event added as one table row, under its rule, on every transport", async () => {
  const registry = new HookRegistry({ events: EVENTS });
  const { records, onInvocation } = trace();
  const runner = new HookRunner({ registry, onInvocation });
  const seen: unknown[] = [];
  registry.registerInProcess(
    PRE_COMMIT_EVENT,
    undefined,
    (input) => {
      seen.push(input);
      return {};
    },
    "test",
    { name: "observe" },
  );
  registry.registerShell(PRE_COMMIT_EVENT, {
    name: "no-secrets",
    command: `grep -q '"filePath":".*\\.env"' && { echo 'no .env files' >&2; exit 2; } || exit 0`,
  });
  registry.registerInProcess(PRE_COMMIT_EVENT, undefined, () => ({}), "test", { name: "after" });

  deepEqual(await preCommit(runner, { filePath: "src/a.ts" }, Deno.cwd()), {});
  deepEqual(seen, [{
    event: "PreCommit",
    cwd: Deno.cwd(),
    sessionId: (seen[0] as { sessionId: string }).sessionId,
    filePath: "src/a.ts",
  }]);
  deepEqual(records.map((r) => r.hookName), ["observe", "no-secrets", "after"]);

  records.length = 0;
  // Serial, first block wins: the hook after the block never runs.
  deepEqual(await preCommit(runner, { filePath: "config/.env" }, Deno.cwd()), { block: true, reason: "no .env files" });
  deepEqual(records.map((r) => r.hookName), ["observe", "no-secrets"]);
  equal(runner.has(PRE_COMMIT_EVENT), true);
});

Deno.test("HookRegistry refuses an event its table does not have, naming the nearest", () => {
  const registry = new HookRegistry();
  let message = "";
  try {
    registry.registerInProcess("PreCommit" as HookEvent, undefined, () => {});
  } catch (error) {
    message = (error as Error).message;
  }
  equal(message.startsWith('Cannot register in-process hook: unknown event "PreCommit"'), true, message);
});
