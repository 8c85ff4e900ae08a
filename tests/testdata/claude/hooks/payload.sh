#!/usr/bin/env bash
# Keeps the first line of stdin as it came, the way hooks that `read -r` see it.
read -r line
printf '%s\n' "$line" > "$CLAUDE_PROJECT_DIR/payload.json"
