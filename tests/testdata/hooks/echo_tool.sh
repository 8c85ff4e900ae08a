#!/bin/sh
# Reads the payload from stdin and answers with its tool name as context.
payload=$(cat)
tool=$(printf '%s' "$payload" | sed -n 's/.*"toolName":"\([^"]*\)".*/\1/p')
printf '{"additionalContext":"tool=%s"}\n' "$tool"
