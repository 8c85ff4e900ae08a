// `Authorization: Bearer <token>` for hook-run serve, compared in constant
// time: both sides are hashed with SHA-256 first, so the comparison always
// walks 32 bytes, whatever was sent and however much of it matches, and
// neither the token's length nor its prefix leaks through timing.

const encoder = new TextEncoder();

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** A check of a request's `Authorization` header against `token`. */
export async function bearerCheck(token: string): Promise<(authorization: string | null) => Promise<boolean>> {
  const expected = await sha256(token);
  return async (authorization) => {
    const match = authorization === null ? null : /^Bearer +(\S+) *$/i.exec(authorization);
    // Hash something either way: a missing header costs what a wrong one does.
    const presented = await sha256(match?.[1] ?? "");
    let difference = match === null ? 1 : 0;
    for (let i = 0; i < expected.length; i++) difference |= expected[i]! ^ presented[i]!;
    return difference === 0;
  };
}
