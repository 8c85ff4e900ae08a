#!/usr/bin/env python3
"""Stop guard: Claude may stop once its last message carries the token it was given."""
import json
import os
import sys
from pathlib import Path

TOKEN = "ACK-TEST"

try:
    data = json.load(sys.stdin)
    if data.get("stop_hook_active"):
        print("{}")
        sys.exit(0)
    state = Path.home() / ".claude" / "hook-state" / f"ack-{data.get('session_id', 'default')}"
    message = data.get("last_assistant_message") or ""
    if state.exists() and state.read_text().strip() in message:
        state.unlink()
        print("{}")
        sys.exit(0)
    state.parent.mkdir(parents=True, exist_ok=True)
    state.write_text(TOKEN)
    print(json.dumps({"decision": "block", "reason": f"Include {TOKEN} to stop."}))
except Exception as error:  # never leave Claude stuck on a bug here
    print(f"ack_stop: {error}", file=sys.stderr)
    print("{}")
    sys.exit(1)
