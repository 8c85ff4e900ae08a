#!/usr/bin/env bash
# Stop reminder that greps the raw payload for the loop flag instead of parsing it.
if grep -Eq '"stop_hook_active"[[:space:]]*:[[:space:]]*true'; then
  exit 0
fi
cat <<'JSON'
{"decision": "block", "reason": "Memory check: save what you learned."}
JSON
