#!/usr/bin/env bash
# PostToolUse for edits: lints the edited file and hands the findings back
# to Claude (exit 2, findings on stderr). $1 "strict": the style where
# `set -e` exits with the linter's own code and its findings stay on stdout.
file=$(jq -r '.tool_input.file_path')
cd "$CLAUDE_PROJECT_DIR" || exit 0
lint() { grep -n BAD "$1" | sed "s|^\([0-9]*\):.*|$(basename "$1"):\1 no BAD|"; ! grep -q BAD "$1"; }
if [ "${1:-}" = "strict" ]; then
  set -euo pipefail
  echo "linting $file"
  lint "$file"
  exit 0
fi
if ! out=$(lint "$file"); then
  echo "$out" >&2
  exit 2
fi
