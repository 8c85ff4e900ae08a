#!/usr/bin/env python3
import json, sys
json.load(sys.stdin)
json.dump({"hookSpecificOutput": {"permissionDecision": sys.argv[1], "permissionDecisionReason": "please confirm"}}, sys.stdout)
