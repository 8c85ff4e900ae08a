#!/usr/bin/env python3
import json, sys
json.load(sys.stdin)
json.dump({"continue": False, "stopReason": "budget exhausted", "systemMessage": "stopping the agent"}, sys.stdout)
