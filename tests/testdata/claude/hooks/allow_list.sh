#!/usr/bin/env bash
# A deny list with a blanket allow, read with `read -r` (one line of JSON):
# git push is denied (pretty-printed JSON), anything else approved.
read -r input
cmd=$(jq -r '.tool_input.command // ""' <<<"$input")
if [[ "$cmd" == *"git push"* ]]; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
          permissionDecisionReason: "no pushes from the agent"}}'
else
  jq -nc '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
           permissionDecisionReason: "passed"}}'
fi
