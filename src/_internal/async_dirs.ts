// Where hook-run gateway keeps its async hooks' work under the hookgate
// home: each session's results in a directory named by the session id's
// digest, the couriers' queues beside them (src/courier/). The gateway's
// memo of calls that run no hook reads them too: a call whose session has
// results waiting, or while calls wait for a courier, is never answered
// from it (src/memo/).

/** Every session's results, and the couriers' queues. */
export function asyncRoot(home: string): string {
  return `${home}/async`;
}

/** Where the couriers' queues live. */
export function couriersRoot(home: string): string {
  return `${asyncRoot(home)}/couriers`;
}

/** The directory of `sessionId`'s results: named by the id's SHA-256, never by the id itself. */
export async function sessionResultsDir(home: string, sessionId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionId));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${asyncRoot(home)}/${hex}`;
}
