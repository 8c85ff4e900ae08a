#!/usr/bin/env bash
# Context at session start, and variables for later Bash calls through CLAUDE_ENV_FILE.
set -euo pipefail
cd "$CLAUDE_PROJECT_DIR"
echo "Node project"
echo 'export PROJECT_TYPE=nodejs' >> "$CLAUDE_ENV_FILE"
printf 'export GREETING="a b"\n' >> "$CLAUDE_ENV_FILE"
