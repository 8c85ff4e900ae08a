#!/bin/sh
# Denies commands containing "rm -rf" with exit code 2 and a stderr reason.
if grep -q 'rm -rf'; then
  echo "dangerous command blocked" >&2
  exit 2
fi
