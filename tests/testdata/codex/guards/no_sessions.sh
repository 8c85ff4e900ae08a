#!/usr/bin/env bash
# A native hook that refuses with exit code 2 and its reason on stderr.
cat > /dev/null
echo "no sessions on Fridays" >&2
exit 2
