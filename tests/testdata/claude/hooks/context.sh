#!/usr/bin/env bash
# Plain text on stdout: context on UserPromptSubmit.
cat > /dev/null
echo "Reminder: this repo uses conventional commits."
