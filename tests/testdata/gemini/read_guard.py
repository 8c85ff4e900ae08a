#!/usr/bin/env python3
# A Claude Code PreToolUse guard for Read, written once for every agent: it
# refuses to read a .env file and lets every other read through.
import json
import sys

call = json.load(sys.stdin)
path = call.get("tool_input", {}).get("file_path", "")
if path.endswith(".env"):
    print(json.dumps({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": f"{path} holds secrets",
    }}))
