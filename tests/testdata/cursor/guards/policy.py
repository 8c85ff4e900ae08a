#!/usr/bin/env python3
# One Claude-style policy, as published guards are written: Claude's event
# and tool names, Claude's answer fields, exit 2 with a reason on stderr.
import json
import sys

event = json.load(sys.stdin)
name = event.get("hook_event_name")
tool = event.get("tool_name")
tool_input = event.get("tool_input") or {}


def answer(value):
    print(json.dumps(value))
    sys.exit(0)


if name == "PreToolUse" and tool == "Bash":
    command = tool_input.get("command", "")
    if "rm -rf" in command:
        print("rm -rf is not allowed here", file=sys.stderr)
        sys.exit(2)
    if command.startswith("git push"):
        answer({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                       "permissionDecisionReason": "pushing needs a human"}})
    if command == "ls":
        answer({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                       "updatedInput": dict(tool_input, command="ls -la")}})
if name == "PreToolUse" and tool == "Read" and tool_input.get("file_path", "").endswith(".env"):
    answer({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                   "permissionDecisionReason": "secrets stay out of the model"}})
if name == "UserPromptSubmit" and "password" in event.get("prompt", ""):
    answer({"decision": "block", "reason": "prompts must not ask for passwords"})
if name == "SessionStart":
    answer({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "Use pnpm, not npm."}})
if name == "Stop" and not event.get("stop_hook_active"):
    answer({"decision": "block", "reason": "run the tests before you stop"})
sys.exit(0)
