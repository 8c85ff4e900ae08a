#!/usr/bin/env bash
# Appends the payload it got, one line, to the file named by its first argument: it ran, and saw what.
cat >> "$1"
echo >> "$1"
