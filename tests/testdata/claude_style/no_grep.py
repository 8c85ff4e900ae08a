#!/usr/bin/env python3
"""PreToolUse guard for Bash: steers plain grep to rg (exit 2, reason on stderr)."""
import json
import re
import sys

RULES = [
    (r"^grep\b(?!.*\|)", "Use rg instead of grep"),
    (r"^find\s+\S+\s+-name\b", "Use rg --files instead of find -name"),
]

try:
    data = json.load(sys.stdin)
except json.JSONDecodeError as e:
    print(f"Error: Invalid JSON input: {e}", file=sys.stderr)
    sys.exit(1)  # shown to the user, not to Claude

if data.get("tool_name") != "Bash":
    sys.exit(0)
command = data.get("tool_input", {}).get("command", "")
issues = [message for pattern, message in RULES if re.search(pattern, command)]
if issues:
    for message in issues:
        print(f"• {message}", file=sys.stderr)
    sys.exit(2)
