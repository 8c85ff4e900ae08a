// Cursor's payloads as Cursor writes them to a command hook (tests/testdata/cursor).

/** A payload of tests/testdata/cursor by its file name (without `.json`). */
export async function cursorPayload(name: string): Promise<Record<string, unknown>> {
  const url = new URL(`../../testdata/cursor/${name}.json`, import.meta.url);
  return JSON.parse(await Deno.readTextFile(url));
}
