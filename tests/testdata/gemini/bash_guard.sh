#!/usr/bin/env bash
# A Claude Code PreToolUse guard for Bash, written once for every agent:
# it denies rm -rf, asks before a push, rewrites a bare ls to ls -la
# (keeping every other field of the input) and lets the rest through.
set -euo pipefail
input=$(cat)
command=$(jq -r '.tool_input.command // ""' <<<"$input")
case "$command" in
  *"rm -rf"*)
    jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
      permissionDecisionReason: "rm -rf is not allowed"}}' ;;
  "git push"*)
    jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask",
      permissionDecisionReason: "a push needs a human"}}' ;;
  ls)
    jq '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: (.tool_input + {command: "ls -la"})}}' \
      <<<"$input" ;;
esac
