// Which handlers of a Claude settings file are the routing hook-run install
// wrote: marked ones, and exactly what installs wrote before the mark. A
// user's hook to a local /hooks URL, or a gateway written by hand, is not.

import { deepEqual, equal } from "node:assert/strict";
import {
  CLAUDE_ROUTING_MARK,
  claudeHandlerHook,
  claudeRoutingGroup,
  isClaudeRouting,
  splitClaudeSettings,
} from "../../src/dialects/mod.ts";

const BIN = "'/home/u/.config/hookgate/bin/hook-run'";
const earlierCommands = [`${BIN} gateway`];

Deno.test("isClaudeRouting() knows the routing install writes now, marked, whatever it names", () => {
  for (const event of ["PreToolUse", "SessionStart"]) {
    for (
      const route of [{ command: `${BIN} gateway` }, { command: "x", url: "http://127.0.0.1:9/hooks", tokenEnv: "T" }]
    ) {
      const [handler] = claudeRoutingGroup(event, route, 600).hooks as Record<string, unknown>[];
      equal(handler!.hookgate, CLAUDE_ROUTING_MARK.hookgate);
      equal(isClaudeRouting(handler!, event), true);
    }
  }
  equal(
    isClaudeRouting({ type: "command", command: "/elsewhere/hook-run gateway", hookgate: "routing" }, "Stop"),
    true,
  );
});

Deno.test("isClaudeRouting() knows an earlier install's unmarked routing only by exact match", async (t) => {
  await t.step("what earlier installs wrote", () => {
    equal(
      isClaudeRouting({ type: "command", command: `${BIN} gateway`, timeout: 600 }, "Stop", { earlierCommands }),
      true,
    );
    equal(
      isClaudeRouting({ timeout: 345600, command: `${BIN} gateway`, type: "command" }, "PermissionRequest", {
        earlierCommands,
      }),
      true,
    );
    equal(isClaudeRouting({ type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 600 }, "Stop"), true);
    const token = {
      type: "http",
      url: "http://127.0.0.1:8799/hooks/PreToolUse",
      timeout: 600,
      headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
      allowedEnvVars: ["HOOKGATE_TOKEN"],
    };
    equal(isClaudeRouting(token, "PreToolUse"), true);
  });
  await t.step("anything else is the user's", () => {
    const theirs: [Record<string, unknown>, string][] = [
      // Another command, or the launcher with another timeout or key.
      [{ type: "command", command: `${BIN} gateway` }, "Stop"],
      [{ type: "command", command: `${BIN} gateway`, timeout: 30 }, "Stop"],
      [{ type: "command", command: `${BIN} gateway`, timeout: 600, statusMessage: "policy" }, "Stop"],
      [{ type: "command", command: `${BIN} gateway --trace`, timeout: 600 }, "Stop"],
      [{ type: "command", command: "hook-run gateway", timeout: 600 }, "Stop"],
      // A policy service of their own on a local /hooks URL.
      [{ type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 30 }, "Stop"],
      [{ type: "http", url: "http://127.0.0.1:8787/hooks/PreToolUse", timeout: 600 }, "Stop"],
      [{ type: "http", url: "http://localhost:8787/hooks/Stop", timeout: 600 }, "Stop"],
      [{ type: "http", url: "http://127.0.0.1:8787/hooks/SessionStart", timeout: 600 }, "SessionStart"],
      [{ type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 600, headers: { X: "1" } }, "Stop"],
      [{ type: "command", command: "curl -s http://127.0.0.1:8787/hooks/Stop", timeout: 600 }, "Stop"],
      [{ type: "command", command: "true", hookgate: "something else" }, "Stop"],
    ];
    for (const [handler, event] of theirs) {
      equal(isClaudeRouting(handler, event, { earlierCommands }), false, JSON.stringify(handler));
    }
  });
});

Deno.test("splitClaudeSettings() gives routes the handler and its event", () => {
  const mine = { type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 5 };
  const routing = claudeRoutingGroup("Stop", { command: `${BIN} gateway` }, 600);
  const seen: [string, unknown][] = [];
  const split = splitClaudeSettings({ hooks: { Stop: [routing, { hooks: [mine] }] } }, {
    routes: (hook, handler, event) => {
      seen.push([event, handler]);
      deepEqual(hook, claudeHandlerHook(handler));
      return isClaudeRouting(handler, event);
    },
    move: () => false,
  });
  deepEqual(seen, [["Stop", (routing.hooks as unknown[])[0]], ["Stop", mine]]);
  equal(split.routingCount, 1);
  deepEqual(split.settings, { hooks: { Stop: [{ hooks: [mine] }] } });
});
