// The JSON Schema of one structured command rule, for editors and for
// `hook-run schema`; the reader in `_command_spec.ts` checks the same shape
// and says what is wrong in words.

import { PATH_CONDITIONS } from "./_command_spec.ts";

const STRINGS = { type: "array", items: { type: "string", minLength: 1 } } as const;
const FLAGS = {
  type: "array",
  items: { type: "string", pattern: "^--?[^-\\s=][^\\s=]*$" },
  description: "Flags written with their dashes, in any of their spellings: -f, --force",
} as const;
const NAMES = { oneOf: [{ type: "string", minLength: 1 }, STRINGS] } as const;

/** The JSON Schema (draft 2020-12) of one structured command rule. */
export const SCHEMA: Readonly<Record<string, unknown>> = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "hookgate command rule",
  description:
    "A shell command a rule names: its command and subcommand, the flags that make it destructive (any spelling and order), what makes it safe, and conditions on its path arguments",
  type: "object",
  required: ["command"],
  additionalProperties: false,
  properties: {
    id: { type: "string", minLength: 1, description: "A short name, shown with decisions" },
    reason: { type: "string", description: "Why the rule exists: what it would destroy and the safe alternative" },
    command: { ...NAMES, description: "The command's name or names; * matches any text (mkfs.*)" },
    subcommand: { ...NAMES, description: 'The subcommand\'s words ("push", "stash drop"), or alternatives' },
    flags: { ...FLAGS, description: "Any one of these flags" },
    allFlags: { type: "array", items: FLAGS, description: "Every one of these groups, each by any of its spellings" },
    args: {
      ...STRINGS,
      description: "Any one of these arguments; * matches any text; -- means the end-of-options mark",
    },
    minArgs: { type: "integer", minimum: 0, description: "At least this many arguments" },
    paths: {
      type: "array",
      items: { enum: [...PATH_CONDITIONS] },
      description: "Some path argument satisfies one of these conditions",
    },
    redirects: {
      type: "array",
      items: { enum: [...PATH_CONDITIONS] },
      description: "The command writes (> or >>) to a path that satisfies one of these conditions",
    },
    pathPrefix: { type: "string", description: "Only arguments that start with this text are paths (of= for dd)" },
    valueOptions: { ...FLAGS, description: "Options that take the next word as their value" },
    pipedFrom: { ...STRINGS, description: "The command reads the output of one of these commands through a pipe" },
    via: {
      ...STRINGS,
      description:
        "The command runs through one of these wrappers, interpreters or sources (sh -c, python3 -c, GIT_SSH_COMMAND, git -c core.sshCommand); * matches any text",
    },
    unless: {
      type: "object",
      additionalProperties: false,
      description: "What makes the command safe",
      properties: {
        flags: { ...FLAGS, description: "Any one of these flags makes it safe" },
        args: { ...STRINGS, description: "Any one of these arguments makes it safe" },
      },
    },
  },
};
