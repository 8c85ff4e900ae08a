#!/usr/bin/env bash
# A Gemini CLI BeforeTool hook for telling hooks that run one after another
# from hooks that run together: `sequential_hook.sh LOG NAME [ACTION]`
# appends "NAME <the command or file it was given>" to LOG, then:
#   rewrite     answers a new command, "echo rewritten"
#   block       blocks (exit 2, "blocked by NAME" on stderr)
#   meet OTHER  waits up to 10 s for hook OTHER to start, and appends to
#               LOG.met "NAME met OTHER", else "NAME alone": two hooks that
#               run together meet; one after another, the first is alone.
set -euo pipefail
log=$1 name=$2 action=${3:-}
input=$(cat)
echo "$name $(jq -r '.tool_input.command // .tool_input.file_path' <<<"$input")" >>"$log"
case $action in
  rewrite) echo '{"hookSpecificOutput": {"tool_input": {"command": "echo rewritten"}}}' ;;
  block)
    echo "blocked by $name" >&2
    exit 2 ;;
  meet)
    touch "$log.$name.started"
    for _ in $(seq 100); do
      if [ -e "$log.$4.started" ]; then
        echo "$name met $4" >>"$log.met"
        exit 0
      fi
      sleep 0.1
    done
    echo "$name alone" >>"$log.met" ;;
esac
