#!/bin/sh
# Starts a grandchild that leaves the hook's process group and session
# (setsid), keeps the hook's stdin, stdout and stderr open without reading
# them, and writes its pid to "$1"; then exits after 50 ms without reading
# its input. No signal to the hook's group or session reaches it: whoever
# runs this must kill it (it leads its own group: kill -KILL -- -pid).
#
# A background job gets /dev/null as stdin in a non-interactive shell, so
# the hook's stdin is handed over through fd 3.
exec 3<&0
setsid sh -c 'echo $$ > "$1"; exec sleep 30' escapee "$1" <&3 &
sleep 0.05
