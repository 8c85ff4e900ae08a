#!/usr/bin/env bash
# A Claude Code Stop hook that sends the agent back once: the first stop of a
# turn is blocked with a reason, the next one (stop_hook_active) goes through.
set -euo pipefail
if [ "$(jq -r '.stop_hook_active // false')" = "true" ]; then
  exit 0
fi
jq -n '{decision: "block", reason: "Before you stop, list the files you changed."}'
