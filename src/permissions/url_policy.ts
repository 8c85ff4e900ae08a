/**
 * Which URLs an HTTP hook (or a model client) may reach: `https://`
 * anywhere, plain `http://` only to loopback, never link-local or cloud
 * metadata addresses unless a hook opts in, and — when configured — only
 * URLs that match an allowlist of patterns.
 *
 * The rules read IP literals, not DNS: a name is never resolved, so only
 * the exact name `localhost` counts as loopback (`evil.localhost` and
 * `localhost.` go to DNS like any other name). An IPv6 literal that embeds
 * an IPv4 address is judged by that address:
 *
 * | IPv6 prefix                  | Where the IPv4 address sits | Metadata if 169.254/16 | Loopback if 127/8 |
 * | ---------------------------- | --------------------------- | ---------------------- | ----------------- |
 * | `::ffff:0:0/96` (mapped)     | last 32 bits                | yes                    | yes               |
 * | `::ffff:0:0:0/96` (SIIT)     | last 32 bits                | yes                    | no                |
 * | `::/96` (compatible)         | last 32 bits                | yes                    | no                |
 * | `64:ff9b::/96` (NAT64)       | last 32 bits                | yes                    | no                |
 * | `64:ff9b:1::/48` (NAT64)     | any RFC 6052 position       | yes                    | no                |
 *
 * Only the mapped form is loopback: a socket given `::ffff:127.0.0.1`
 * connects to 127.0.0.1 itself (or nowhere, on an IPv6-only socket), while
 * the deprecated compatible form is routed as IPv6 and a NAT64 address is
 * reached through a gateway, which makes the IPv4 connection on its side.
 * Operators' own NAT64 prefixes cannot be told from the address, and 6to4
 * and Teredo addresses reach an IPv6 host behind the embedded IPv4
 * address, not that address; neither is treated specially.
 *
 * Messages name a URL by its scheme, host and port only: paths and query
 * strings may carry secrets.
 *
 * @module
 */

import { urlForMessage } from "../_internal/url_text.ts";

/**
 * Options of {@linkcode httpUrlProblem}.
 *
 * @example Restrict hooks to one policy service and local servers
 * ```ts
 * import type { HttpUrlPolicy } from "@hookgate/core/permissions";
 *
 * const policy: HttpUrlPolicy = {
 *   allowedUrls: ["https://policy.example.com/*", "http://localhost:*"],
 * };
 * ```
 */
export interface HttpUrlPolicy {
  /**
   * URL patterns (a `*` in the host stays within the host, one in the port
   * or path matches the rest: see {@linkcode urlMatchesPattern}); when set,
   * every URL outside them is refused. `[]` refuses all.
   */
  allowedUrls?: readonly string[];
  /**
   * Allow literal link-local and metadata addresses (169.254.0.0/16, also
   * embedded in an IPv6 literal such as `[::ffff:169.254.169.254]` or
   * `[64:ff9b::a9fe:a9fe]`; fe80::/10; `fd00:ec2::254`).
   *
   * @default {false}
   */
  allowMetadataHosts?: boolean;
}

/**
 * Checks a URL against the rules before any connection is made.
 *
 * @param url The URL of the hook.
 * @param policy The allowlist and the metadata opt-in.
 * @returns `undefined` when allowed, else why not and how to fix it.
 *
 * @example Plain http only to loopback
 * ```ts
 * import { httpUrlProblem } from "@hookgate/core/permissions";
 * import { equal, match } from "node:assert/strict";
 *
 * equal(httpUrlProblem("http://127.0.0.1:8787/hook"), undefined);
 * equal(httpUrlProblem("https://policy.example.com/hook"), undefined);
 * match(httpUrlProblem("http://policy.example.com/hook")!, /only allowed to loopback/);
 * match(httpUrlProblem("https://169.254.169.254/latest")!, /metadata/);
 * ```
 */
export function httpUrlProblem(
  url: string,
  policy: HttpUrlPolicy = {},
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return INVALID_URL;
  }
  // The host as parsed: lower case, a trailing dot and IPv6 brackets kept,
  // never userinfo, path or query.
  const host = parsed.hostname;
  if (parsed.protocol === "http:") {
    if (!isLoopbackHost(host)) {
      return `plain http:// is only allowed to loopback (127.0.0.0/8, [::1], localhost), not "${host}"; use https://`;
    }
  } else if (parsed.protocol !== "https:") {
    return `"${parsed.protocol}" URLs are not supported; use https:// (or http:// to loopback)`;
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return "credentials in the URL are not allowed; send them in a header with allowedEnvVars";
  }
  if (!policy.allowMetadataHosts) {
    const reached = metadataAddress(host);
    if (reached !== null) {
      const via = reached === normalizeHost(host) ? "" : ` (it reaches ${reached})`;
      return `"${host}" is a link-local or cloud metadata address${via}; ` +
        'set "allowMetadataHosts": true on the hook if this is intended';
    }
  }
  if (
    policy.allowedUrls !== undefined &&
    !policy.allowedUrls.some((pattern) => urlMatchesPattern(parsed, pattern))
  ) {
    return policy.allowedUrls.length === 0
      ? "the HTTP hook URL allowlist is empty, so no HTTP hook may run"
      : `"${urlForMessage(parsed)}" (path and query not shown) matches none of the allowed URL patterns (${
        policy.allowedUrls.join(", ")
      })`;
  }
  return undefined;
}

const INVALID_URL = "the URL is not a valid absolute URL (it is not repeated here, since URLs may carry secrets); " +
  "check its spelling";

/**
 * Whether a host is loopback: exactly `localhost`, any 127.0.0.0/8
 * address, `::1`, or 127.0.0.0/8 mapped into IPv6 (`::ffff:127.0.0.1`).
 * Anything else under `localhost` (`api.localhost`, `localhost.`) is a name
 * for DNS to resolve, so it is not loopback here.
 *
 * @param host A hostname or IP literal (brackets allowed).
 * @returns `true` for loopback hosts.
 *
 * @example
 * ```ts
 * import { isLoopbackHost } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(isLoopbackHost("127.8.9.10"), true);
 * equal(isLoopbackHost("[::1]"), true);
 * equal(isLoopbackHost("10.0.0.1"), false);
 * equal(isLoopbackHost("evil.localhost"), false);
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const h = normalizeHost(host);
  if (h === "localhost") return true;
  const v4 = parseIPv4(h);
  if (v4 !== null) return v4[0] === 127;
  const v6 = parseIPv6(h);
  if (v6 === null) return false;
  if (v6.every((byte, i) => byte === (i === 15 ? 1 : 0))) return true;
  // Only the mapped form: a socket given ::ffff:a.b.c.d connects to a.b.c.d
  // itself, while the other embeddings leave this host as IPv6 packets.
  return prefixed(v6, MAPPED) && v6[12] === 127;
}

/**
 * Whether a URL matches an allowlist pattern. A `*` matches within the part
 * of the URL it stands in: in the host, any run of host characters (several
 * labels too: `https://*.example.com/*` admits `a.b.example.com`, never
 * `evil.com/.example.com` or `a.example.com@evil.com`); in the scheme, scheme
 * characters; in the port or the path, the rest of the URL (`http://localhost:*`
 * admits any port and path). A pattern without `://` is matched against the
 * whole URL, its `*` matching anything. Scheme and host compare
 * case-insensitively, a trailing dot on the host is ignored; userinfo never
 * takes part (and {@linkcode httpUrlProblem} refuses it).
 *
 * @param url The URL.
 * @param pattern For example `https://policy.example.com/*`,
 * `https://*.example.com/*` or `http://localhost:*`.
 * @returns Whether it matches.
 *
 * @example
 * ```ts
 * import { urlMatchesPattern } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(urlMatchesPattern("http://localhost:8080/hook", "http://localhost:*"), true);
 * equal(urlMatchesPattern("https://a.b.example.com/x", "https://*.example.com/*"), true);
 * equal(urlMatchesPattern("https://evil.com/.example.com/x", "https://*.example.com/*"), false);
 * equal(urlMatchesPattern("https://evil.example/x", "https://policy.example.com/*"), false);
 * ```
 */
export function urlMatchesPattern(url: string | URL, pattern: string): boolean {
  const parsed = typeof url === "string" ? new URL(url) : url;
  // The host as written in a URL (an IPv6 literal keeps its brackets, so a
  // pattern such as http://[::1]:* can match), lower case, no trailing dot.
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const target = `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}${parsed.search}`;
  const regex = patternRegex(pattern);
  return regex.test(target) ||
    (parsed.pathname === "/" && regex.test(target.replace(/\/$/, "")));
}

/**
 * Whether every URL that pattern `inner` matches also matches `outer`
 * (sound, not complete: when `outer` matches `inner`'s own text, stars
 * included, each star of `inner` falls inside a star of `outer` of the same
 * part of the URL or a wider one, whatever it stands for). Used to
 * intersect a project's URL patterns with the user's.
 *
 * @param outer The wider pattern.
 * @param inner The narrower pattern.
 * @returns Whether `inner` lies inside `outer`.
 *
 * @example
 * ```ts
 * import { urlPatternCovers } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(urlPatternCovers("https://policy.example.com/*", "https://policy.example.com/team/*"), true);
 * equal(urlPatternCovers("https://*.example.com/*", "https://*"), false);
 * equal(urlPatternCovers("https://policy.example.com/*", "http://127.0.0.1:*"), false);
 * ```
 */
export function urlPatternCovers(outer: string, inner: string): boolean {
  const parts = splitPattern(inner);
  return patternRegex(outer).test(parts === null ? inner : parts.scheme + "://" + parts.host + parts.tail);
}

/**
 * A pattern's scheme and host (lower case, a trailing dot on the host
 * dropped) and the rest (port, path, query as written), or `null` when it
 * has no `://`.
 */
function splitPattern(pattern: string): { scheme: string; host: string; tail: string } | null {
  const schemeEnd = pattern.indexOf("://");
  if (schemeEnd === -1) return null;
  const start = schemeEnd + 3;
  const authorityEnd = pattern.slice(start).search(/[/?#]/);
  const authority = authorityEnd === -1 ? pattern.slice(start) : pattern.slice(start, start + authorityEnd);
  // The port starts at the last colon outside an IPv6 literal's brackets.
  let portAt = authority.lastIndexOf(":");
  if (portAt < authority.lastIndexOf("]")) portAt = -1;
  const host = portAt === -1 ? authority : authority.slice(0, portAt);
  return {
    scheme: pattern.slice(0, schemeEnd).toLowerCase(),
    host: host.toLowerCase().replace(/\.$/, ""),
    tail: pattern.slice(start + host.length),
  };
}

/**
 * What a `*` matches in each part: the scheme's characters, the host's (no
 * `/`, `?`, `#`, `@` or `:`, so it cannot reach past the host), anything in
 * the port and after it.
 */
const STAR = { scheme: "[a-z0-9+.-]*", host: "[^/?#@:]*", rest: ".*" } as const;

function patternRegex(pattern: string): RegExp {
  const parts = splitPattern(pattern);
  if (parts === null) return new RegExp(`^${wildcard(pattern, STAR.rest)}$`);
  return new RegExp(
    `^${wildcard(parts.scheme, STAR.scheme)}://${wildcard(parts.host, STAR.host)}${wildcard(parts.tail, STAR.rest)}$`,
  );
}

function wildcard(text: string, star: string): string {
  return text.split("*").map(escapeRegExp).join(star);
}

/** Lower case, without the brackets of an IPv6 literal; a trailing dot stays. */
function normalizeHost(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/**
 * The link-local or metadata address a host literal reaches (the embedded
 * IPv4 address for IPv6 spellings of one), or `null`.
 */
function metadataAddress(host: string): string | null {
  const h = normalizeHost(host);
  const v4 = parseIPv4(h);
  if (v4 !== null) return isLinkLocalIPv4(v4) ? h : null;
  const v6 = parseIPv6(h);
  if (v6 === null) return null;
  // fe80::/10 is link-local; fd00:ec2::254 is AWS's IPv6 metadata endpoint.
  if (v6[0] === 0xfe && (v6[1]! & 0xc0) === 0x80) return h;
  if (prefixed(v6, AWS_METADATA_V6)) return h;
  const embedded = embeddedIPv4(v6).find(isLinkLocalIPv4);
  return embedded === undefined ? null : embedded.join(".");
}

function isLinkLocalIPv4(octets: ArrayLike<number>): boolean {
  return octets[0] === 169 && octets[1] === 254;
}

// Prefixes as the bytes they fix. See the module doc for why each counts.
const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const TRANSLATED = [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0];
const COMPATIBLE = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const NAT64 = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
const NAT64_LOCAL = [0, 0x64, 0xff, 0x9b, 0, 1];
const AWS_METADATA_V6 = [0xfd, 0, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54];

// Where RFC 6052 puts the IPv4 address for a NAT64 prefix of 48, 56, 64
// and 96 bits (byte 8 is always skipped); 64:ff9b:1::/48 may hold any.
const NAT64_LOCAL_POSITIONS = [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], [12, 13, 14, 15]];

/** The IPv4 addresses an IPv6 address embeds, under the prefixes above. */
function embeddedIPv4(v6: Uint8Array): Uint8Array[] {
  if (prefixed(v6, MAPPED) || prefixed(v6, TRANSLATED) || prefixed(v6, COMPATIBLE) || prefixed(v6, NAT64)) {
    return [v6.subarray(12)];
  }
  if (prefixed(v6, NAT64_LOCAL)) {
    return NAT64_LOCAL_POSITIONS.map((positions) => Uint8Array.from(positions, (i) => v6[i]!));
  }
  return [];
}

function prefixed(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * The 16 bytes of an IPv6 address in text form (`::` and a trailing dotted
 * IPv4 part allowed, no zone), or `null`.
 */
function parseIPv6(text: string): Uint8Array | null {
  if (!text.includes(":")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return Uint8Array.from(groups.flatMap((group) => [group >> 8, group & 0xff]));
}

/** The 16-bit groups of one side of `::`; a dotted IPv4 part only at the very end. */
function parseGroups(part: string, last: boolean): number[] | null {
  if (part === "") return [];
  const pieces = part.split(":");
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (last && i === pieces.length - 1 && piece.includes(".")) {
      const v4 = parseIPv4(piece);
      if (v4 === null) return null;
      groups.push(v4[0]! << 8 | v4[1]!, v4[2]! << 8 | v4[3]!);
    } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function parseIPv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) {
    return null;
  }
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
