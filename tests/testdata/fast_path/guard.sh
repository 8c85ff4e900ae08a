#!/bin/sh
# A guard for the fast path's tests: denies rm, allows ls, rewrites echo.
input=$(cat)
case $input in
*'"command":"rm '*)
  printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm is not allowed here"}}' ;;
*'"command":"ls'*)
  printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"listing is fine"}}' ;;
*'"command":"echo '*)
  printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}' ;;
*'"command":"sleep'*)
  sleep 30 ;;
esac
exit 0
