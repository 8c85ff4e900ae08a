// Reading one managed layer: refused (standing for what it might have
// held, so it denies the gating events) when someone other than root could
// have written it; otherwise read as any layer, and every hook of it marked
// `policy: true`, so that no switch for ordinary hooks (`--no-hooks`) turns
// it off. An administrator wrote it: it needs no trust.

import { dirname } from "../_internal/path.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ConfigLayer } from "./layers.ts";
import { managedRefusal } from "./_managed_owner.ts";
import { unreadableFile, unreadLayer } from "./_placeholders.ts";
import { type LayerReads, readLayer } from "./_read_layer.ts";

/** Reads the managed `layer` into `into`; a missing one adds nothing. */
export async function readManagedLayer(layer: ConfigLayer, into: LayerReads): Promise<void> {
  const granted = mayRead(layer.path);
  const refusal = granted ? await managedRefusal(layer) : notGranted(layer.path);
  if (refusal !== undefined) {
    layer.found = true;
    layer.unreadable = refusal;
    const problem: ConfigDiagnostic = {
      severity: "error",
      file: layer.path,
      line: 1,
      column: 1,
      path: [],
      message: granted
        ? `the managed configuration is refused: ${refusal}; anyone who can write it could add hooks nobody may turn off`
        : `the managed configuration cannot be read: ${refusal}`,
      hint: !granted
        ? `add --allow-read=${dirname(layer.path)} (hook-run permissions includes it)`
        : layer.managedExtra === true
        ? "make it and its directory owned by root and writable only by root, or the directory yours with mode 0700"
        : "make it and every directory above it owned by root and writable only by root (chown root; chmod go-w)",
    };
    const parsed = unreadableFile(unreadLayer(layer.path, new Error(refusal)), layer.path, problem);
    parsed.diagnostics = [problem];
    into.diagnostics.push(problem);
    into.layers.push({ layer, parsed });
    return;
  }
  const before = into.layers.length;
  await readLayer(layer, into);
  for (const { parsed } of into.layers.slice(before)) {
    parsed.hooks = Object.fromEntries(
      Object.entries(parsed.hooks).map(([event, list]) => [event, list?.map((hook) => ({ ...hook, policy: true }))]),
    );
    parsed.placeholders = parsed.placeholders.map((placeholder) => ({ ...placeholder, policy: true }));
  }
}

/** Whether Deno lets hook-run read `path`: if not, whether it is there cannot be known. */
function mayRead(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "read", path }).state === "granted";
  } catch {
    return false;
  }
}

function notGranted(path: string): string {
  return `Deno's --allow-read does not include ${dirname(path)}, so what it holds cannot be known`;
}
