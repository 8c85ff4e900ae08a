// Reading the environment without a permission prompt: a variable the
// process may not read is as good as unset.

/** An environment variable hook-run may read (its permission granted), else `undefined`. */
export function readEnv(name: string): string | undefined {
  try {
    return Deno.permissions.querySync({ name: "env", variable: name }).state === "granted"
      ? Deno.env.get(name)
      : undefined;
  } catch {
    return undefined;
  }
}
