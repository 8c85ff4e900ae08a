#!/usr/bin/env bash
# A Notification logger: one line per notification in $HOME/.claude/notify.log,
# and a desktop notification when there is a session bus to send it on.
mkdir -p "$HOME/.claude"
line=$(jq -c '{t: .notification_type, m: .message}')
echo "$line" >> "$HOME/.claude/notify.log"
if [[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]]; then
  notify-send "Claude Code" "$(jq -r .m <<<"$line")"
fi
