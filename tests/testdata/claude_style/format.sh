#!/usr/bin/env bash
# PostToolUse for edits: strips trailing spaces in the edited file, silently.
file=$(jq -r '.tool_input.file_path')
sed -i 's/[[:space:]]*$//' "$file"
echo '{}'
