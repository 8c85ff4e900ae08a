#!/usr/bin/env bash
# Asks, which Codex rejects as invalid output (and then goes ahead).
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"ask me"}}'
