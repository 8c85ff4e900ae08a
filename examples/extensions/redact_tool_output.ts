// An extension example: redact API keys from what the read tool
// returns, before the model sees it.

import type { ToolContent } from "../../mod.ts";
import type { HookAPI } from "../../src/extensions/mod.ts";

export default function (api: HookAPI): void {
  api.on("tool_result", (event) => {
    if (event.toolName !== "read" || event.isError || !Array.isArray(event.content)) return;

    const redacted = (event.content as ToolContent[]).map((chunk) => {
      if (chunk.type !== "text") return chunk;
      return { ...chunk, text: chunk.text.replaceAll(/API_KEY=\S+/g, "API_KEY=[REDACTED]") };
    });

    return { content: redacted };
  });
}
