#!/usr/bin/env bash
# A Claude-style SessionStart hook: the project's conventions as context.
cat > /dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Run deno task ok before you finish."}}'
