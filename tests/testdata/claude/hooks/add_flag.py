#!/usr/bin/env python3
# A rewrite in python: append a flag to the command, via updatedInput.
import json, sys
event = json.load(sys.stdin)
tool_input = dict(event.get("tool_input") or {})
tool_input["command"] = tool_input.get("command", "") + " --dry-run"
json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                  "updatedInput": tool_input}}, sys.stdout)
