#!/usr/bin/env python3
# A Stop guard on the last assistant message: the agent may stop once it says ACK-TEST.
import json, sys
event = json.load(sys.stdin)
if event.get("stop_hook_active") or "ACK-TEST" in (event.get("last_assistant_message") or ""):
    print("{}")
else:
    json.dump({"decision": "block", "reason": "Include ACK-TEST to stop."}, sys.stdout)
