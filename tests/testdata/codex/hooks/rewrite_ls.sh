#!/usr/bin/env bash
# Rewrites `ls` to `ls -la`, as Codex takes a rewrite: allow with the whole updatedInput.
input=$(cat)
case "$input" in
  *'"command":"ls"'*)
    printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}'
    ;;
esac
exit 0
