#!/usr/bin/env node
// Writes which of the agent's variables this hook was given (null: not given).
const fs = require("node:fs");
const names = [
  "MY_SETTING",
  "OPENAI_API_KEY",
  "DBUS_SESSION_BUS_ADDRESS",
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "HOME",
  "CLAUDE_PROJECT_DIR",
  "HOOKGATE_EVENT",
];
const seen = Object.fromEntries(names.map((name) => [name, process.env[name] ?? null]));
const dir = process.env.CLAUDE_PROJECT_DIR ?? process.env.HOOKGATE_PROJECT_DIR;
fs.writeFileSync(`${dir}/env-${process.argv[2] ?? "hook"}.json`, JSON.stringify(seen));
