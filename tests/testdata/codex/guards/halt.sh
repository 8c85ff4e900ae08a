#!/usr/bin/env bash
# A Claude-style hook that asks to stop the session.
cat > /dev/null
printf '%s\n' '{"continue": false, "stopReason": "enough for today"}'
