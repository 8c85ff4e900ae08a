#!/usr/bin/env python3
# A deny whose reason is 100 000 characters: a Ralph-style loop prompt, or a long report.
import json, sys
json.load(sys.stdin)
reason = "".join(f"line {i:05d} of the report\n" for i in range(4000))[:100000]
json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                  "permissionDecisionReason": reason}}, sys.stdout)
