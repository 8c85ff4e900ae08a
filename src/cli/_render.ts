// Rendering a run for people: one line per hook and the decision.

import type { HookEventResult, HookInvocationRecord } from "../../mod.ts";
import { printable, printableLines } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { paint } from "./_io.ts";

/** One hook's line (with --trace, its detail lines). */
export function hookLine(
  record: HookInvocationRecord,
  width: number,
  trace: boolean,
  started: number,
  io: CliIo,
): string {
  // A failed open hook whose answer its agent still reads (a Claude hook's
  // JSON on exit 1) shows both: the failure, and what was used.
  const outcome = record.failure
    ? paint(io, "red", `failed: ${record.failure.kind}${record.action ? `, read as ${record.action}` : ""}`)
    : record.action === "deny"
    ? paint(io, "red", "deny")
    : record.action === "mutate" || record.action === "ask" || record.action === "defer"
    ? paint(io, "yellow", record.action)
    : record.action === "grant"
    ? paint(io, "green", "grant")
    : paint(io, "green", "allow");
  const stage = record.event === "PreToolUse" ? record.stage : "-";
  const cells = [
    printable(record.hookName).padEnd(width),
    record.transport.padEnd(10),
    stage.padEnd(8),
    `${round(record.durationMs)} ms`.padStart(9),
    outcome,
  ];
  let line = `  ${cells.join("  ")}\n`;
  // The rule that decided is part of the decision, traced or not.
  if (record.rule !== undefined) line += paint(io, "dim", `    ${printable(record.rule)}\n`);
  if (trace) {
    const at = round(performance.now() - started - record.durationMs);
    line += paint(io, "dim", `    started +${Math.max(0, at)} ms, took ${round(record.durationMs)} ms\n`);
    if (record.failure) line += paint(io, "dim", `    ${printable(record.failure.message)}\n`);
    if (record.model) line += paint(io, "dim", `    model: ${printable(record.model)}\n`);
    if (record.prompt !== undefined) line += paint(io, "dim", `    prompt: ${oneLine(record.prompt)}\n`);
    if (record.answer !== undefined) line += paint(io, "dim", `    answer: ${oneLine(record.answer)}\n`);
  }
  return line;
}

/**
 * The decision line, with any rewrite and context. A reason or context may
 * span lines (hooks write them); JSON keeps DEL and C1 raw, so the rewrite
 * is made printable too.
 */
export function decisionLine(result: HookEventResult, blocked: boolean, io: CliIo): string {
  if (blocked) {
    return `${paint(io, "red", "blocked")}${result.reason ? `: ${printableLines(result.reason)}` : ""}\n`;
  }
  let text = result.decision === "ask" || result.decision === "defer"
    ? paint(io, "yellow", `${result.decision === "ask" ? "ask the user" : "deferred"}`)
    : result.decision === "allow"
    ? paint(io, "green", "allowed, granted by a hook")
    : paint(io, "green", "allowed");
  if (result.decision !== undefined && result.reason) text += `: ${printableLines(result.reason)}`;
  if (result.input !== undefined) text += ` with rewritten input ${printable(JSON.stringify(result.input))}`;
  if (result.additionalContext !== undefined) {
    const label = result.contextAs === "feedback" ? "feedback" : "context";
    text += `\n${label}: ${printableLines(result.additionalContext)}`;
  }
  return `${text}\n`;
}

/** Whitespace folded, cut at 300 characters, made printable. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return printable(flat.length > 300 ? `${flat.slice(0, 299)}…` : flat);
}

/** Milliseconds to one decimal. */
export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
