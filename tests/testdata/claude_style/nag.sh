#!/bin/sh
# Stop hook that never checks stop_hook_active: only the block cap ends it.
cat > /dev/null
echo '{"decision":"block","reason":"keep going"}'
