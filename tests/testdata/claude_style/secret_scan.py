#!/usr/bin/env python3
"""UserPromptSubmit: refuses prompts holding an AWS access key. Fails closed:
any error, empty stdin included, blocks too. The verdict goes to stderr as JSON."""
import json
import re
import sys

AWS_KEY = re.compile(r"\bAKIA[A-Z0-9]{16}\b")


def block(reason):
    print(json.dumps({"decision": "block", "reason": reason}), file=sys.stderr)
    sys.exit(2)


try:
    data = json.load(sys.stdin)
    if AWS_KEY.search(data.get("prompt", "")):
        block("SECRET DETECTED")
except Exception as error:
    block(f"Secret scan error: {error}")
print(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit"}}))
