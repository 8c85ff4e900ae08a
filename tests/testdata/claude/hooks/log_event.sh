#!/usr/bin/env bash
# Appends the event name and the project dir it was given to a log file.
name=$(jq -r '.hook_event_name')
echo "$name $CLAUDE_PROJECT_DIR ${1:-}" >> "$CLAUDE_PROJECT_DIR/events.log"
