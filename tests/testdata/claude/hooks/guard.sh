#!/usr/bin/env bash
# A Claude-style PreToolUse guard in bash + jq: deny rm -rf via hookSpecificOutput.
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" == *"rm -rf"* ]]; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
          permissionDecisionReason: "rm -rf is blocked by the guard"}}'
fi
exit 0
