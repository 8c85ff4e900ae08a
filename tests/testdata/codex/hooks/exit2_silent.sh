#!/usr/bin/env bash
# Exit 2 with nothing on stderr: for Codex a failure, not a block.
cat >/dev/null
exit 2
