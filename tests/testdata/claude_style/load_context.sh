#!/usr/bin/env bash
# SessionStart: tells Claude what kind of project this is (plain text is
# context) and exports it for later Bash calls through CLAUDE_ENV_FILE.
set -euo pipefail
cd "$CLAUDE_PROJECT_DIR"
if [ -f package.json ]; then
  echo "Node project"
  echo "export PROJECT_TYPE=nodejs" >> "$CLAUDE_ENV_FILE"
fi
if [ -f tsconfig.json ]; then
  echo "export USES_TYPESCRIPT=true" >> "$CLAUDE_ENV_FILE"
fi
