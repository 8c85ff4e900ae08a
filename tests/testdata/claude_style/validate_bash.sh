#!/usr/bin/env bash
# PreToolUse guard for Bash that writes its verdict as JSON to stderr and
# exits 2: Claude reads that JSON as plain text and blocks either way.
set -euo pipefail
input=$(cat)
command=$(echo "$input" | jq -r '.tool_input.command // empty')
if [ -z "$command" ]; then
  echo '{"continue": true}'
  exit 0
fi
case "$command" in
  sudo\ *)
    echo '{"hookSpecificOutput": {"permissionDecision": "ask"}, "systemMessage": "needs root"}' >&2
    exit 2 ;;
  *"rm -rf"*)
    echo '{"hookSpecificOutput": {"permissionDecision": "deny"}, "systemMessage": "rm -rf is dangerous"}' >&2
    exit 2 ;;
esac
exit 0
