#!/usr/bin/env bash
# Notification logger: one line per notification under ~/.claude, and a
# desktop popup when there is a session bus. $1 "fail": exits 2 instead.
mkdir -p "$HOME/.claude"
jq -c '{t: .notification_type, m: .message}' >> "$HOME/.claude/notify.log"
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  "$HOME/.claude/hooks/popup.sh"
fi
if [ "${1:-}" = "fail" ]; then
  echo "boom" >&2
  exit 2
fi
