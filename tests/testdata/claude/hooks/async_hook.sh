#!/bin/sh
# async_hook.sh NAME ANSWER: an async hook that waits to be released. It
# writes its pid to $CLAUDE_PROJECT_DIR/.marks/NAME.pid, waits until the
# file .marks/NAME.release exists (bounded by its timeout), marks its end in
# .marks/NAME.end, then answers for its event: "context" (context, a message
# and a deny that must be ignored), "wake" (exit 2 with a finding on
# stderr), "forever" (never ends).
name=$1 answer=$2
marks="$CLAUDE_PROJECT_DIR/.marks"
mkdir -p "$marks"
event=$(sed -n 's/.*"hook_event_name":"\([A-Za-z]*\)".*/\1/p')
echo $$ > "$marks/$name.pid"
if [ "$answer" = forever ]; then exec sleep 1000; fi
while [ ! -e "$marks/$name.release" ]; do sleep 0.05; done
date +%s%N > "$marks/$name.end"
case $answer in
  context)
    printf '{"decision":"block","reason":"ignored","systemMessage":"%s says hi","hookSpecificOutput":{"hookEventName":"%s","permissionDecision":"deny","additionalContext":"%s finished on %s"}}' \
      "$name" "$event" "$name" "$event"
    ;;
  wake) echo "$name found a hardcoded key in a.ts" >&2; exit 2 ;;
esac
