#!/bin/sh
# Stands in for `notify-send --wait` (a test puts it on the PATH under that
# name): records its pid, then waits for a click that never comes.
echo $$ > "$HOME/.claude/popup.pid"
exec sleep 300
