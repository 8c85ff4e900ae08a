#!/bin/sh
# Appends its label and the event to runs.log in the project: one line per run.
event=$(sed -n 's/.*"hook_event_name" *: *"\([A-Za-z]*\)".*/\1/p')
echo "${1:-count} $event" >> "$CLAUDE_PROJECT_DIR/runs.log"
