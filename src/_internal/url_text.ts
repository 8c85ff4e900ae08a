// URLs in messages: by scheme, host and port only, since paths, queries,
// fragments and credentials may carry secrets (a token in a query string, a
// signed path). Shared by the URL rules, the HTTP transport and the model
// clients.

/**
 * Names a URL by its scheme, host and port, for example
 * `https://policy.example.com` or `http://127.0.0.1:8787`;
 * `(an invalid URL)` when it does not parse, since what does not parse may
 * still hold a secret.
 */
export function urlForMessage(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return "(an invalid URL)";
  }
  return parsed.host === "" ? parsed.protocol : `${parsed.protocol}//${parsed.host}`;
}

/**
 * Replaces every URL in `text` (an error message from fetch, say) by
 * {@linkcode urlForMessage}'s form. `url`, the URL the text most likely
 * repeats, is replaced wherever it occurs, even where its path holds a
 * character that ends the search for URLs in general.
 */
export function redactUrls(text: string, url?: string): string {
  let redacted = text;
  if (url !== undefined) {
    const shown = urlForMessage(url);
    for (const spelling of new Set([url, hrefOf(url)])) {
      if (spelling !== "") redacted = redacted.replaceAll(spelling, shown);
    }
  }
  return redacted.replace(URL_IN_TEXT, (found) => urlForMessage(found));
}

// A scheme, `//` and everything up to a space, a quote or a bracket (save
// an IPv6 literal's): what Deno's and most errors put around a URL. A `)`
// in a path ends a match early, which is why the known URL goes first.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s"'<>()[\]{}]|\[[0-9a-f:.]*\])+/gi;

/** The URL as fetch serializes it into its errors, or `""`. */
function hrefOf(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return "";
  }
}
