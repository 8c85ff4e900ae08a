#!/usr/bin/env bash
# Prints one canned Claude answer, chosen by the first argument.
cat > /dev/null
case "$1" in
  context) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"lint rules live in .eslintrc"}}' ;;
  deny-context) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not here","additionalContext":"use the wrapper"}}' ;;
  block-context) echo '{"decision":"block","reason":"legacy no","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"see the docs"}}' ;;
  post-decision) echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"},"systemMessage":"warn"}' ;;
  exit2-json) echo '{"decision":"block","reason":"from-json"}'; echo "from-stderr" >&2; exit 2 ;;
  text) echo "checked 3 files" ;;
  empty-exit1) echo '{}'; exit 1 ;;
  boom) echo "boom: config missing" >&2; exit 1 ;;
  keep-working) echo "tests still fail" >&2; exit 2 ;;
  decline) echo '{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"decline"}}' ;;
  future) echo '{"systemMessage":"seen","decision":"block","reason":"r","hookSpecificOutput":{"hookEventName":"FutureEvent","additionalContext":"x"}}' ;;
esac
