// Building registry entries: defaults applied, controls validated, one
// message style. Shared by every register method and by loading configured
// hooks, so a hook is checked the same way whichever door it comes in by.

import { clampTimeout, DEFAULT_PROMPT_TIMEOUT_MS, timeoutProblem } from "../_internal/limits.ts";
import { urlForMessage } from "../_internal/url_text.ts";
import { dialectOf } from "../dialects/dialects.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import type { ConfiguredHook, PlaceholderHook } from "../events/configured.ts";
import type { HookMatcher, HookRegistrationOptions, HookStage, InProcessHook } from "../events/hooks.ts";
import type { HookDialect } from "../events/hooks.ts";
import { type HookEventInfo, isEventName, UNKNOWN_EVENT, unknownEventMessage } from "../events/table.ts";
import { placeholderFailure } from "./placeholder.ts";
import type { HookEntry, HookEntryBase, PlaceholderHookEntry } from "./types.ts";

/** The event table a registry accepts, by event name. */
export type EventTable = Readonly<Record<string, HookEventInfo>>;

/**
 * Whether a configured hook may attach to an event the table does not
 * have: the event has an event's name, and the hook's dialect is one whose
 * agent adds events later (Claude's).
 */
export function opensEvent(event: unknown, hook: { dialect?: unknown } | null | undefined): boolean {
  if (!isEventName(event) || typeof hook !== "object" || hook === null) return false;
  try {
    return dialectOf(hook.dialect as HookDialect | undefined).acceptsUnknownEvents === true;
  } catch {
    return false;
  }
}

/**
 * The row `event` runs under: the table's, or {@linkcode UNKNOWN_EVENT}
 * for a configured hook that may attach to an event the table does not
 * have (`hook`, see {@linkcode opensEvent}).
 *
 * @throws {TypeError} `Cannot <action>: unknown event …` otherwise.
 */
export function checkEvent(
  events: EventTable,
  event: string,
  action: string,
  hook?: { dialect?: unknown } | null,
): HookEventInfo {
  if (typeof event === "string" && Object.hasOwn(events, event)) return events[event]!;
  if (hook !== undefined && opensEvent(event, hook)) return UNKNOWN_EVENT;
  throw new TypeError(
    `Cannot ${action}: ${
      unknownEventMessage(event, Object.keys(events)).replace(/^Unknown hook event/, "unknown event")
    }`,
  );
}

/** An in-process entry. */
export function inProcessEntry(
  events: EventTable,
  id: number,
  event: RegistryEvent,
  matcher: HookMatcher | undefined,
  hook: InProcessHook,
  owner: string | undefined,
  options: HookRegistrationOptions,
): HookEntry {
  const info = checkEvent(events, event, "register in-process hook");
  if (typeof hook !== "function") {
    throw new TypeError(`Cannot register in-process hook for ${event}: expected a function, got ${typeof hook}`);
  }
  const name = options.name ?? (hook.name || `${owner ?? "anonymous"}#${id}`);
  return {
    ...entryBase(info, id, event, matcher, name, options, "mutate", false),
    ...(owner === undefined ? {} : { owner }),
    transport: "in-process",
    hook,
  };
}

/** A command, HTTP or prompt entry; `position` names an unnamed hook in messages. */
export function configuredEntry(
  events: EventTable,
  id: number,
  event: RegistryEvent,
  hook: ConfiguredHook,
  configured: boolean,
  position?: number,
): HookEntry {
  const info = checkEvent(events, event, "register hook", hook);
  if (info.inProcessOnly) {
    throw new TypeError(
      `Cannot register a ${
        hook?.type ?? "command"
      } hook for "${event}": it is an extension event, which only in-process hooks handle (api.on in an extension module, or registerInProcess)`,
    );
  }
  const label = hook?.name ? ` "${hook.name}"` : position === undefined ? "" : ` #${position}`;
  const where = `Cannot register ${event} hook${label}`;
  if (typeof hook !== "object" || hook === null) {
    throw new TypeError(`${where}: expected an object, got ${hook === null ? "null" : typeof hook}`);
  }
  let transport: "command" | "http" | "prompt";
  let name: string;
  let options: HookRegistrationOptions = hook;
  switch (hook.type) {
    case "http":
      if (typeof hook.url !== "string" || hook.url === "") {
        throw new TypeError(`${where}: an HTTP hook needs a non-empty "url"`);
      }
      refuseNul(hook, ["url", "headers", "allowedEnvVars"], where);
      transport = "http";
      // Never the whole URL: its path or query may carry a secret, and names
      // reach logs, traces and deny reasons.
      name = hook.name ?? urlForMessage(hook.url);
      break;
    case "prompt":
      if (typeof hook.prompt !== "string" || hook.prompt.trim() === "") {
        throw new TypeError(`${where}: a prompt hook needs a non-empty "prompt"`);
      }
      transport = "prompt";
      name = hook.name ?? `prompt(${hook.model ?? "default model"})`;
      options = { ...hook, timeoutMs: hook.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS };
      break;
    case undefined:
    case "command":
      if (typeof hook.command !== "string" || hook.command.trim() === "") {
        throw new TypeError(`${where}: a command hook needs a non-empty "command" (or "type": "http" with "url")`);
      }
      if (hook.args !== undefined && (!Array.isArray(hook.args) || hook.args.some((a) => typeof a !== "string"))) {
        throw new TypeError(`${where}: "args" must be an array of strings`);
      }
      refuseNul(hook, ["command", "args", "env", "passEnv"], where);
      transport = "command";
      name = hook.name ?? hook.command;
      break;
    default:
      throw new TypeError(
        `${where}: unknown "type" ${
          JSON.stringify((hook as { type: unknown }).type)
        }; expected "command", "http" or "prompt"`,
      );
  }
  let dialect: ReturnType<typeof dialectOf>;
  try {
    dialect = dialectOf(hook.dialect);
  } catch (error) {
    throw new TypeError(`${where}: ${(error as Error).message}`);
  }
  return {
    ...entryBase(info, id, event as RegistryEvent, hook.matcher, name, options, "validate", configured, dialect),
    transport,
    hook: Object.freeze({ ...hook }),
  } as HookEntry;
}

/**
 * A placeholder's entry: closed whatever the hook said (it is registered
 * only when it denies), matching what its matcher could match.
 */
export function placeholderEntry(events: EventTable, id: number, placeholder: PlaceholderHook): PlaceholderHookEntry {
  const info = checkEvent(events, placeholder?.event, "register placeholder");
  if (typeof placeholder.reason !== "string" || placeholder.reason === "" || typeof placeholder.name !== "string") {
    throw new TypeError(
      `Cannot register placeholder for ${placeholder.event}: expected one made by placeholderHook(), with a name and a reason`,
    );
  }
  return {
    ...entryBase(
      info,
      id,
      placeholder.event,
      placeholder.matcher,
      placeholder.name,
      {
        failurePolicy: "closed",
        policy: placeholder.policy,
        ...(placeholder.stage ? { stage: placeholder.stage } : {}),
      },
      "validate",
      true,
    ),
    transport: "placeholder",
    hook: placeholder,
    failure: placeholderFailure(placeholder),
  };
}

function entryBase(
  info: HookEventInfo,
  id: number,
  event: RegistryEvent,
  matcher: HookMatcher | undefined,
  name: string,
  options: HookRegistrationOptions,
  defaultStage: HookStage,
  configured: boolean,
  dialect?: { readonly maxTimeoutMs?: number },
): Omit<HookEntryBase, "owner"> {
  const background = options.background === true;
  if (background && info.canBlock) {
    throw new RangeError(
      `Cannot register ${event} hook "${name}": background hooks cannot block, so they are only allowed on events that cannot block (for example PostToolUse)`,
    );
  }
  const stage = options.stage ?? defaultStage;
  if (stage !== "mutate" && stage !== "validate") {
    throw new TypeError(
      `Cannot register ${event} hook "${name}": "stage" must be "mutate" or "validate", got ${JSON.stringify(stage)}`,
    );
  }
  const failurePolicy = options.failurePolicy ?? "open";
  if (failurePolicy !== "open" && failurePolicy !== "closed") {
    throw new TypeError(
      `Cannot register ${event} hook "${name}": "failurePolicy" must be "open" or "closed", got ${
        JSON.stringify(failurePolicy)
      }`,
    );
  }
  if (matcher !== undefined && typeof matcher !== "string") {
    throw new TypeError(`Cannot register ${event} hook "${name}": "matcher" must be a string`);
  }
  const concurrent = options.concurrent;
  if (concurrent !== undefined && typeof concurrent !== "boolean") {
    throw new TypeError(
      `Cannot register ${event} hook "${name}": "concurrent" must be true or false, got ${JSON.stringify(concurrent)}`,
    );
  }
  return {
    id,
    event,
    name,
    matcher: matcher ?? "*",
    stage,
    ...(concurrent === undefined ? {} : { concurrent }),
    timeoutMs: clampTimeout(
      checkTimeout(options.timeoutMs, `Cannot register ${event} hook "${name}"`, dialect?.maxTimeoutMs),
      background,
      dialect?.maxTimeoutMs,
    ),
    failurePolicy,
    policy: options.policy === true,
    background,
    configured,
  };
}

/**
 * Refuses a NUL in a field that reaches a process (argv and environment
 * are C strings, which end at the first NUL) or a request (URLs and header
 * fields cannot carry one): otherwise the hook registers and fails only
 * when it runs. Configuration files refuse it at load, with its place.
 */
function refuseNul(hook: object, fields: readonly string[], where: string): void {
  for (const field of fields) {
    const value = (hook as Record<string, unknown>)[field];
    let what: string | undefined;
    if (typeof value === "string") {
      if (value.includes("\0")) what = `"${field}"`;
    } else if (Array.isArray(value)) {
      if (value.some((item) => typeof item === "string" && item.includes("\0"))) what = `"${field}"`;
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      if (entries.some(([key]) => key.includes("\0"))) what = `"${field}" names`;
      else if (entries.some(([, item]) => typeof item === "string" && item.includes("\0"))) what = `"${field}" values`;
    }
    if (what !== undefined) throw new TypeError(`${where}: ${what} must not contain a NUL character (\\u0000)`);
  }
}

/**
 * Refuses a deadline that cannot mean what the caller asked for. Clamping
 * used to turn 0 and below into 1 ms (a hook that always times out), NaN
 * into the default and anything longer into 10 minutes; a configuration
 * file refuses those values, and the library now does too. Fractions are
 * rounded later, to at least 1 ms.
 */
function checkTimeout(timeoutMs: unknown, where: string, maxMs?: number): number | undefined {
  const problem = timeoutProblem(timeoutMs, maxMs);
  if (problem === undefined) return timeoutMs as number | undefined;
  throw problem.type ? new TypeError(`${where}: ${problem.message}`) : new RangeError(`${where}: ${problem.message}`);
}
