#!/bin/sh
# async_parent.sh: an async hook that says which process ran it. It names
# its call by the payload's tool_use_id, writes the pid of the hook-run
# process among its ancestors (the one started with --run-async) to
# $CLAUDE_PROJECT_DIR/.marks/<id>.ppid and appends a line to
# .marks/<id>.runs, waits until .marks/release exists, then answers with
# context naming the call.
marks="$CLAUDE_PROJECT_DIR/.marks"
mkdir -p "$marks"
id=$(sed -n 's/.*"tool_use_id":"\([^"]*\)".*/\1/p')
pid=$$
runner=
while [ -n "$pid" ] && [ "$pid" -gt 1 ]; do
  pid=$(ps -o ppid= -p "$pid" | tr -d ' ')
  case "$(ps -o args= -p "$pid")" in *--run-async*) runner=$pid; break ;; esac
done
echo "$runner" > "$marks/.$id.ppid" && mv "$marks/.$id.ppid" "$marks/$id.ppid"
echo ran >> "$marks/$id.runs"
while [ ! -e "$marks/release" ]; do sleep 0.05; done
echo ended >> "$marks/$id.runs"
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"done %s"}}' "$id"
