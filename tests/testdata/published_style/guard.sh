#!/usr/bin/env bash
# A PreToolUse guard as published for Claude Code: bash + jq, exit 2 blocks.
set -euo pipefail
command=$(jq -r '.tool_input.command // empty')
if [[ "$command" == *"rm -rf"* ]]; then
  echo "bash guard: rm -rf is not allowed" >&2
  exit 2
fi
exit 0
