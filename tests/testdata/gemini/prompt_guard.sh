#!/usr/bin/env bash
# A Claude Code UserPromptSubmit guard: a prompt that mentions a password is
# blocked (exit 2, the reason on stderr); any other prompt gets a note.
set -euo pipefail
prompt=$(jq -r '.prompt // ""')
case "$prompt" in
  *password*)
    echo "prompts must not carry passwords" >&2
    exit 2 ;;
esac
echo "the repository's default branch is main"
