import { equal, match } from "node:assert/strict";
import { httpUrlProblem, isLoopbackHost, urlMatchesPattern } from "../../src/permissions/mod.ts";

Deno.test("httpUrlProblem() allows https anywhere and http only to loopback", () => {
  for (
    const url of [
      "https://policy.example.com/hook",
      "http://127.0.0.1:8787/x",
      "http://127.9.9.9/",
      "http://[::1]:80/",
      "http://localhost:1/",
      "http://api.localhost/",
    ]
  ) {
    equal(httpUrlProblem(url), undefined, url);
  }
  for (
    const url of [
      "http://example.com/",
      "http://10.0.0.1/",
      "http://[fe80::1]/",
      "http://0.0.0.0/",
    ]
  ) {
    match(httpUrlProblem(url)!, /only allowed to loopback/, url);
  }
});

Deno.test("httpUrlProblem() refuses odd schemes, credentials and bad URLs", () => {
  match(httpUrlProblem("ftp://example.com/")!, /"ftp:" URLs are not supported/);
  match(httpUrlProblem("file:///etc/passwd")!, /not supported/);
  match(
    httpUrlProblem("https://user:pw@example.com/")!,
    /credentials in the URL/,
  );
  match(httpUrlProblem("not a url")!, /is not a valid URL/);
});

Deno.test("httpUrlProblem() refuses link-local and metadata literals unless opted in", () => {
  for (
    const url of [
      "https://169.254.169.254/latest",
      "https://[fe80::1]/",
      "https://[fd00:ec2::254]/",
    ]
  ) {
    match(httpUrlProblem(url)!, /metadata address/, url);
    equal(httpUrlProblem(url, { allowMetadataHosts: true }), undefined, url);
  }
});

Deno.test("httpUrlProblem() sees through IPv4 spellings the URL parser normalizes", () => {
  equal(
    httpUrlProblem("http://2130706433/"),
    undefined,
    "127.0.0.1 as a number",
  );
  match(
    httpUrlProblem("https://0xa9fea9fe/")!,
    /metadata/,
    "169.254.169.254 in hex",
  );
});

Deno.test("urlMatchesPattern() uses * wildcards, case-insensitive hosts, ignores a trailing dot", () => {
  equal(
    urlMatchesPattern(
      "https://Policy.Example.com/hook",
      "https://policy.example.com/*",
    ),
    true,
  );
  equal(
    urlMatchesPattern(
      "https://policy.example.com./hook",
      "https://policy.example.com/*",
    ),
    true,
  );
  equal(
    urlMatchesPattern("http://localhost:8080/hook", "http://localhost:*"),
    true,
  );
  equal(
    urlMatchesPattern(
      "https://policy.example.com.evil.net/",
      "https://policy.example.com/*",
    ),
    false,
  );
  equal(
    urlMatchesPattern(
      "https://policy.example.com/Hook",
      "https://policy.example.com/hook",
    ),
    false,
    "paths are case-sensitive",
  );
  equal(urlMatchesPattern("https://a.example/", "https://a.example"), true);
});

Deno.test("isLoopbackHost() knows 127/8, ::1 and localhost", () => {
  equal(isLoopbackHost("LOCALHOST"), true);
  equal(isLoopbackHost("localhost."), true);
  equal(isLoopbackHost("127.0.0.1"), true);
  equal(isLoopbackHost("128.0.0.1"), false);
  equal(isLoopbackHost("::2"), false);
});
