#!/usr/bin/env bash
# PreToolUse rewriter for Bash: prefixes `git status` with a wrapper tool.
# $1 "allow": rewrite and approve; anything else: rewrite only, so the
# normal permission flow runs on the new command. $2: the wrapper's name.
input=$(cat)
command=$(jq -r '.tool_input.command // empty' <<< "$input")
[ "$command" = "git status" ] || exit 0
updated=$(jq -c --arg cmd "${2:-mytool} $command" '.tool_input | .command = $cmd' <<< "$input")
if [ "$1" = "allow" ]; then
  jq -nc --argjson input "$updated" '{hookSpecificOutput: {hookEventName: "PreToolUse",
    permissionDecision: "allow", permissionDecisionReason: "rewrite", updatedInput: $input}}'
else
  jq -nc --argjson input "$updated" '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: $input}}'
fi
