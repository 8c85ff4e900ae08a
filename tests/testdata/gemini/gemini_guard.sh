#!/usr/bin/env bash
# A Gemini CLI BeforeTool hook, by Gemini's rules: it reads Gemini's own
# names (run_shell_command), blocks a curl piped to a shell with exit 2 and
# its reason on stderr, fails (exit 1: a warning to Gemini, not a block) on
# a command it cannot judge, and says nothing otherwise.
set -euo pipefail
input=$(cat)
[ "$(jq -r '.hook_event_name' <<<"$input")" = BeforeTool ] || exit 1
command=$(jq -r '.tool_input.command // ""' <<<"$input")
case "$command" in
  *"curl"*"| sh"*)
    echo "no piping downloads into a shell" >&2
    exit 2 ;;
  "eval "*)
    echo "cannot judge an eval" >&2
    exit 1 ;;
esac
