#!/usr/bin/env python3
"""A Claude-style UserPromptSubmit guard: refuses a prompt holding an AWS key."""
import json
import re
import sys

data = json.load(sys.stdin)
if re.search(r"\bAKIA[A-Z0-9]{16}\b", data.get("prompt", "")):
    print(json.dumps({"decision": "block", "reason": "the prompt holds an AWS key"}))
