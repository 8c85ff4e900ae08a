// What install and uninstall are asked, and what they report.

/** What `hook-run install claude` was asked. */
export interface InstallClaudeOptions {
  serve: boolean;
  port: number;
  tokenEnv: string | undefined;
  /**
   * With `serve`: the server's Unix socket, for command hooks that call it
   * there and fall back to the gateway when no server answers (the fast
   * path); without it, HTTP hooks to `port`.
   */
  socket?: string;
  leastPrivilege: boolean;
  keepHooks: boolean;
  home: string;
  settingsPath: string;
  /** Whether --settings named the file. */
  settingsFlag: boolean;
  /** The project --least-privilege covers. */
  cwd: string;
  /**
   * Writing Claude's managed settings (`--managed`): `home` is then the
   * system launcher directory, the launcher leaves each user's
   * `HOOKGATE_HOME` to them, and no hook is moved out of the file.
   */
  managed?: boolean;
  /** With `managed`: whether --managed-settings or --launcher-dir named the places (said again in the fix). */
  managedFlags?: readonly string[];
  /** The launcher alone (`hook-run install launcher`), for agents whose settings are written by hand. */
  launcherOnly?: boolean;
}

/** What `hook-run install launcher` was asked. */
export interface InstallLauncherOptions {
  /** The hookgate home, where the launcher is built. */
  home: string;
  leastPrivilege: boolean;
  /** The project --least-privilege covers. */
  cwd: string;
}

/** What an install did. */
export interface InstallReport {
  /** Whether it wrote anything: `false` when the settings already route to an up-to-date launcher. */
  changed: boolean;
  /** The launcher's command, `<home>/bin/hook-run`. */
  bin: string;
  /** What it wrote, kept and moved, one line each (indented, for a report under a heading). */
  lines: string[];
}

/** What `hook-run uninstall claude` was asked. */
export interface UninstallClaudeOptions {
  /** The hookgate home, where install put the launcher and the moved hooks. */
  home: string;
  /** The Claude settings file. */
  settingsPath: string;
}

/** What an uninstall did. */
export interface UninstallReport {
  /** Whether it wrote anything: `false` when the settings do not route to hookgate. */
  changed: boolean;
  /** What it removed and restored, one line each (indented, for a report under a heading). */
  lines: string[];
}
