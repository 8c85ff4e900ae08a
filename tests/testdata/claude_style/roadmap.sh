#!/usr/bin/env bash
# Stop reminder that fires once: after its own continuation it lets Claude stop.
active=$(jq -r '.stop_hook_active // false')
[ "$active" = "true" ] && exit 0
echo '{"decision":"block","reason":"Update ROADMAP.md before stopping."}'
