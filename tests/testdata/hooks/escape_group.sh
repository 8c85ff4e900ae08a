#!/bin/bash
# Starts a grandchild that leaves the hook's process group but stays in its
# session (job control puts each background job in a group of its own, and
# then leaves its stdin alone), keeps the hook's stdin, stdout and stderr
# open without reading them, and writes its pid to "$1"; then exits after
# 50 ms without reading its input.
set -m
sleep 30 &
echo $! > "$1"
sleep 0.05
