#!/usr/bin/env python3
"""A Claude-style Stop hook that sends the agent back once: after that,
stop_hook_active says it already did."""
import json
import sys

data = json.load(sys.stdin)
if not data.get("stop_hook_active"):
    print(json.dumps({"decision": "block", "reason": "run the tests before you stop"}))
