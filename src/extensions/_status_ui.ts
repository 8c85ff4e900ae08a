// The host's UI as extension handlers get it: every call passes through,
// and `setStatus` is also kept in the extension host's status line.

import type { StatusLine } from "./status_line.ts";
import type { HookUIContext } from "./types.ts";

/** `ui` with its statuses also recorded in `status`. */
export function withStatusLine(ui: HookUIContext, status: StatusLine): HookUIContext {
  return Object.freeze<HookUIContext>({
    select: (title, options) => ui.select(title, options),
    confirm: (title, message) => ui.confirm(title, message),
    input: (title, placeholder) => ui.input(title, placeholder),
    editor: (title, prefill) => ui.editor(title, prefill),
    notify: (message, type) => ui.notify(message, type),
    setStatus: (key, text) => {
      status.set(key, text);
      ui.setStatus(key, text);
    },
    custom: (component) => ui.custom(component),
    setEditorText: (text) => ui.setEditorText(text),
    getEditorText: () => ui.getEditorText(),
    get theme() {
      return ui.theme;
    },
  });
}
