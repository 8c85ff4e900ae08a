#!/usr/bin/env bash
# Writes the payload it got to $1, for the test to read.
cat > "$1"
