#!/usr/bin/env bash
# Adds a fixed style note to the context and never reads its stdin.
cat << EOF2
{
  "hookSpecificOutput": {
    "hookEventName": "${1:-SessionStart}",
    "additionalContext": "Style: explain choices."
  }
}
EOF2
