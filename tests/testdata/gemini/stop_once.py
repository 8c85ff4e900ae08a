#!/usr/bin/env python3
# A Claude Code Stop hook that blocks once: the first stop is sent back with
# a reason; when the agent stops again (stop_hook_active), it may.
import json
import sys

event = json.load(sys.stdin)
if not event.get("stop_hook_active", False):
    print(json.dumps({"decision": "block", "reason": "run the tests first"}))
