/**
 * Which URLs an HTTP hook (or a model client) may reach: `https://`
 * anywhere, plain `http://` only to loopback, never link-local or cloud
 * metadata addresses unless a hook opts in, and — when configured — only
 * URLs that match an allowlist of patterns.
 *
 * @module
 */

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
   * URL patterns (`*` matches anything); when set, every URL outside them
   * is refused. `[]` refuses all.
   */
  allowedUrls?: readonly string[];
  /**
   * Allow literal link-local and metadata addresses (169.254.0.0/16,
   * fe80::/10, `fd00:ec2::254`).
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
    return `"${url}" is not a valid URL`;
  }
  const host = hostOf(parsed);
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
  if (!policy.allowMetadataHosts && isMetadataHost(host)) {
    return `"${host}" is a link-local or cloud metadata address; set "allowMetadataHosts": true on the hook if this is intended`;
  }
  if (
    policy.allowedUrls !== undefined &&
    !policy.allowedUrls.some((pattern) => urlMatchesPattern(parsed, pattern))
  ) {
    return policy.allowedUrls.length === 0
      ? "the HTTP hook URL allowlist is empty, so no HTTP hook may run"
      : `"${parsed.href}" matches none of the allowed URL patterns (${policy.allowedUrls.join(", ")})`;
  }
  return undefined;
}

/**
 * Whether a host is loopback: `localhost` (also `*.localhost`), any
 * 127.0.0.0/8 address, or `::1`.
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
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const h = normalizeHost(host);
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const v4 = parseIPv4(h);
  return v4 !== null && v4[0] === 127;
}

/**
 * Whether a URL matches an allowlist pattern: `*` matches any run of
 * characters; scheme and host compare case-insensitively, a trailing dot
 * on the host is ignored.
 *
 * @param url The URL.
 * @param pattern For example `https://policy.example.com/*` or
 * `http://localhost:*`.
 * @returns Whether it matches.
 *
 * @example
 * ```ts
 * import { urlMatchesPattern } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(urlMatchesPattern("http://localhost:8080/hook", "http://localhost:*"), true);
 * equal(urlMatchesPattern("https://evil.example/x", "https://policy.example.com/*"), false);
 * ```
 */
export function urlMatchesPattern(url: string | URL, pattern: string): boolean {
  const parsed = typeof url === "string" ? new URL(url) : url;
  const host = hostOf(parsed);
  const target = `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}${parsed.search}`;
  const schemeEnd = pattern.indexOf("://");
  const authorityEnd = schemeEnd === -1 ? -1 : pattern.indexOf("/", schemeEnd + 3);
  const head = authorityEnd === -1 ? pattern : pattern.slice(0, authorityEnd);
  const normalized = head.toLowerCase().replace(/\.(:|$)/, "$1") +
    (authorityEnd === -1 ? "" : pattern.slice(authorityEnd));
  const regex = new RegExp(
    `^${normalized.split("*").map(escapeRegExp).join(".*")}$`,
  );
  return regex.test(target) ||
    (parsed.pathname === "/" && regex.test(target.replace(/\/$/, "")));
}

function hostOf(url: URL): string {
  return normalizeHost(url.hostname);
}

function normalizeHost(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

function isMetadataHost(host: string): boolean {
  const v4 = parseIPv4(host);
  if (v4 !== null) return v4[0] === 169 && v4[1] === 254;
  if (!host.includes(":")) return false;
  const first = parseInt(host.split(":")[0] || "0", 16);
  // fe80::/10 is link-local; fd00:ec2::254 is AWS's IPv6 metadata endpoint.
  return (first & 0xffc0) === 0xfe80 || host === "fd00:ec2::254";
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
