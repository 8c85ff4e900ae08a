#!/usr/bin/env bash
# Exit 2 with the reason on stderr: Codex's block.
cat >/dev/null
echo "no pushes today" >&2
exit 2
