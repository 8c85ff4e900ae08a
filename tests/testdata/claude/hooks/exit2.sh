#!/usr/bin/env bash
# Blocks the old way: exit 2, the reason on stderr (stdout is ignored).
echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'
echo "no pushes on Fridays" >&2
exit 2
