#!/usr/bin/env python3
# A PreToolUse guard as published for Claude Code: python3, exit 2 blocks.
import json
import sys

event = json.load(sys.stdin)
if "rm -rf" in (event.get("tool_input") or {}).get("command", ""):
    print("python guard: rm -rf is not allowed", file=sys.stderr)
    sys.exit(2)
