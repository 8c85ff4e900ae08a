#!/bin/sh
# Stands in for `notify-send --wait`: records its pid, then waits for a
# click that never comes.
echo $$ > "$HOME/.claude/popup.pid"
exec sleep 300
