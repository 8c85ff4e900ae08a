#!/usr/bin/env bash
# A Claude Code PreToolUse guard for Bash, as users write them with bash and
# jq: it refuses to delete a directory tree (rm -r, in any spelling of the
# flag) with a reason for the model, and lets everything else through.
set -euo pipefail
command=$(jq -r '.tool_input.command // ""')
if grep -Eq '(^|[;&|[:space:]])rm[[:space:]]+(-[[:alnum:]]*[rR]|--recursive)' <<<"$command"; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
    permissionDecisionReason: "deleting a directory tree is not allowed here; move it to ./trash instead"}}'
fi
