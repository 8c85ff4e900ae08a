// An extension example: drop debug-only messages from what each model
// call sees.

import type { HookAPI } from "../../src/extensions/mod.ts";

export default function (api: HookAPI): void {
  api.on("context", (event) => {
    const filtered = event.messages.filter((msg) => !(msg.role === "custom" && msg.customType === "debug-only"));
    return { messages: filtered };
  });
}
