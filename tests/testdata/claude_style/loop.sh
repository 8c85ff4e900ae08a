#!/usr/bin/env bash
# A Stop loop: while .claude/loop.local.md exists, feed its prompt back to
# Claude until the transcript's last assistant text carries the promise or
# the iterations run out. The state file is relative to the working directory.
set -euo pipefail
STATE=".claude/loop.local.md"
input=$(cat)
[ -f "$STATE" ] || exit 0

front=$(sed -n '/^---$/,/^---$/{ /^---$/d; p; }' "$STATE")
field() { echo "$front" | grep "^$1:" | sed "s/^$1: *//; s/^\"//; s/\"$//"; }
iteration=$(field iteration)
max=$(field max_iterations)
promise=$(field completion_promise)
owner=$(field session_id)
session=$(jq -r '.session_id // ""' <<< "$input")
[ -n "$owner" ] && [ "$owner" != "$session" ] && exit 0

if [ "$max" -gt 0 ] && [ "$iteration" -ge "$max" ]; then
  echo "Loop: max iterations ($max) reached."
  rm "$STATE"
  exit 0
fi

transcript=$(jq -r '.transcript_path' <<< "$input")
if [ ! -f "$transcript" ]; then
  echo "Loop: transcript not found ($transcript); stopping the loop" >&2
  rm "$STATE"
  exit 0
fi
last=$(grep '"role":"assistant"' "$transcript" | tail -n 100 |
  jq -rs 'map(.message.content[]? | select(.type == "text") | .text) | last // ""')
if [ -n "$promise" ] && [[ "$last" == *"<promise>$promise</promise>"* ]]; then
  echo "Loop: detected <promise>$promise</promise>"
  rm "$STATE"
  exit 0
fi

next=$((iteration + 1))
prompt=$(awk '/^---$/ { n++; next } n >= 2' "$STATE")
sed "s/^iteration: .*/iteration: $next/" "$STATE" > "$STATE.tmp.$$"
mv "$STATE.tmp.$$" "$STATE"
jq -n --arg prompt "$prompt" --arg msg "iteration $next" \
  '{decision: "block", reason: $prompt, systemMessage: $msg}'
