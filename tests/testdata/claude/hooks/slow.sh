#!/bin/sh
# slow.sh NAME SECONDS ANSWER: marks its start and end (nanoseconds) in
# $CLAUDE_PROJECT_DIR/.marks/, sleeps in between, then answers PreToolUse:
# deny, allow, ask, defer, rewrite (the command becomes NAME) or nothing.
name=$1 seconds=$2 answer=${3:-}
marks="$CLAUDE_PROJECT_DIR/.marks"
mkdir -p "$marks"
cat >/dev/null
date +%s%N >"$marks/$name.start"
sleep "$seconds"
date +%s%N >"$marks/$name.end"
case $answer in
  deny | allow | ask | defer)
    printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s","permissionDecisionReason":"%s says %s"}}' \
      "$answer" "$name" "$answer"
    ;;
  rewrite) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"%s"}}}' "$name" ;;
esac
