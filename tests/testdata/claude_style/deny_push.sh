#!/usr/bin/env bash
# PreToolUse guard for Bash: denies pushes, approves everything else.
# Reads one line of stdin, as `read -r` does.
read -r input
command=$(echo "$input" | jq -r '.tool_input.command // ""')
if [[ "$command" == *"git push"* ]]; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
    permissionDecisionReason: "Blocked: pushes go through review"}}'
else
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
    permissionDecisionReason: "Command passed safety validation"}}'
fi
