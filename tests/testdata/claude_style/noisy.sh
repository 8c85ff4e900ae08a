#!/bin/sh
# PostToolUse that dumps a long build log on stdout (not JSON).
cat > /dev/null
i=0
while [ $i -lt 4000 ]; do
  echo "build step $i: compiled module with a long enough line of output to add up"
  i=$((i + 1))
done
