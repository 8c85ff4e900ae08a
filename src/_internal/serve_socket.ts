// Where hook-run serve's Unix socket lives by default, and so where the
// fast-path command hooks `hook-run install claude --serve` writes look for
// it: one place under the hookgate home, in a directory of its own that the
// server keeps readable by its owner alone.

/** The default socket of hook-run serve in the hookgate home `home`: `<home>/run/serve.sock`. */
export function serveSocketPath(home: string): string {
  return `${home.replace(/\/+$/, "")}/run/serve.sock`;
}
