#!/usr/bin/env bash
# A Claude-style PreToolUse guard for Bash, as published guards are written:
# deny rm -rf, ask before git push, rewrite a bare ls to ls -la.
set -euo pipefail
input=$(cat)
command=$(jq -r '.tool_input.command // empty' <<< "$input")
answer() {
  jq -nc --arg d "$1" --arg r "$2" '{hookSpecificOutput: {hookEventName: "PreToolUse",
    permissionDecision: $d, permissionDecisionReason: $r}}'
}
case "$command" in
  *"rm -rf"*) answer deny "rm -rf is not allowed" ;;
  "git push"*) answer ask "pushing needs a human" ;;
  ls)
    jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
      permissionDecisionReason: "listing in full", updatedInput: (.tool_input | .command = "ls -la")}}' <<< "$input" ;;
esac
exit 0
