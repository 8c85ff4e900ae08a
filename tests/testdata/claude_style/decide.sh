#!/bin/sh
# Answers PreToolUse with the decision $1, the reason naming it and $2.
cat > /dev/null
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s","permissionDecisionReason":"%s by %s"}}\n' "$1" "$1" "$2"
