#!/usr/bin/env bash
# A Codex PreToolUse guard as Codex's docs write one: deny rm -rf with a reason.
input=$(cat)
case "$input" in
  *'rm -rf'*)
    printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed here"}}'
    ;;
esac
exit 0
