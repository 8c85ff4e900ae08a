#!/usr/bin/env bash
# A Claude Code SessionStart hook: the session starts with a line of context.
set -euo pipefail
source=$(jq -r '.source // ""')
jq -n --arg source "$source" '{hookSpecificOutput: {hookEventName: "SessionStart",
  additionalContext: ("session " + $source + ": run the tests before you stop")}}'
