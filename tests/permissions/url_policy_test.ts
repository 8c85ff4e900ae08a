import { equal, match, ok } from "node:assert/strict";
import {
  type HttpUrlPolicy,
  httpUrlProblem,
  isLoopbackHost,
  urlMatchesPattern,
  urlPatternCovers,
} from "../../src/permissions/mod.ts";

Deno.test("httpUrlProblem() allows https anywhere and http only to loopback", () => {
  for (
    const url of [
      "https://policy.example.com/hook",
      "http://127.0.0.1:8787/x",
      "http://127.9.9.9/",
      "http://[::1]:80/",
      "http://localhost:1/",
      "http://LOCALHOST:2/",
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
  match(httpUrlProblem("not a url")!, /is not a valid absolute URL/);
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
  equal(isLoopbackHost("127.0.0.1"), true);
  equal(isLoopbackHost("[0:0:0:0:0:0:0:1]"), true);
  equal(isLoopbackHost("128.0.0.1"), false);
  equal(isLoopbackHost("::2"), false);
  equal(isLoopbackHost("1::"), false);
  equal(isLoopbackHost("::1::"), false, "two :: are not an address");
});

Deno.test("isLoopbackHost() takes only the exact name localhost, not names DNS resolves", () => {
  for (
    const host of ["localhost.", "LOCALHOST.", "evil.localhost", "api.localhost", "localhost.evil.com", "localhost6"]
  ) {
    equal(isLoopbackHost(host), false, host);
  }
});

Deno.test("isLoopbackHost() takes IPv4-mapped loopback, but no other embedding of 127/8", () => {
  equal(isLoopbackHost("[::ffff:127.0.0.1]"), true);
  equal(isLoopbackHost("::ffff:7f01:203"), true, "127.1.2.3 mapped");
  equal(isLoopbackHost("[::127.0.0.1]"), false, "IPv4-compatible: routed as IPv6");
  equal(isLoopbackHost("[64:ff9b::7f00:1]"), false, "NAT64: the gateway connects, not this host");
  equal(isLoopbackHost("[::ffff:0:7f00:1]"), false, "SIIT-translated");
  equal(isLoopbackHost("[::ffff:a00:1]"), false, "10.0.0.1 mapped");
});

Deno.test("httpUrlProblem() refuses plain http to names that only look like loopback", () => {
  for (
    const url of ["http://evil.localhost/", "http://LOCALHOST./", "http://localhost.:8080/", "http://localhost%2e/"]
  ) {
    match(httpUrlProblem(url)!, /only allowed to loopback/, url);
  }
  match(httpUrlProblem("http://LOCALHOST./")!, /not "localhost\."/, "the message keeps the dot that matters");
  equal(httpUrlProblem("http://[::ffff:127.0.0.1]:8787/"), undefined, "mapped loopback connects to 127.0.0.1");
  match(httpUrlProblem("http://[64:ff9b::127.0.0.1]/")!, /only allowed to loopback/);
  equal(urlMatchesPattern("http://localhost.:8080/x", "http://localhost:*"), true, "patterns still ignore the dot");
});

Deno.test("httpUrlProblem() refuses IPv6 spellings of the metadata address", () => {
  for (
    const url of [
      "https://[::ffff:169.254.169.254]/latest",
      "https://[::ffff:a9fe:a9fe]/",
      "https://[0:0:0:0:0:ffff:a9fe:a9fe]/",
      "https://[64:ff9b::a9fe:a9fe]/",
      "https://[64:ff9b::169.254.169.254]/",
      "https://[::a9fe:a9fe]/",
      "https://[::169.254.169.254]/",
      "https://[::ffff:0:a9fe:a9fe]/",
      "https://[64:ff9b:1::a9fe:a9fe]/",
      "https://[64:ff9b:1:a9fe:a9:fe00::]/",
      "https://[::ffff:169.254.0.1]:8443/",
    ]
  ) {
    match(httpUrlProblem(url)!, /metadata address \(it reaches 169\.254\.\d+\.\d+\)/, url);
    equal(httpUrlProblem(url, { allowMetadataHosts: true }), undefined, url);
  }
  for (const url of ["https://[::ffff:a9ff:a9fe]/", "https://[64:ff9b::808:808]/", "https://[2002:a9fe:a9fe::1]/"]) {
    equal(httpUrlProblem(url), undefined, url);
  }
});

Deno.test("httpUrlProblem() never repeats a URL's path, query or credentials", () => {
  const secret = /s3cr3t|t0k3n|hunter2/;
  const cases: [string, RegExp, HttpUrlPolicy?][] = [
    ["http://policy.example.com/s3cr3t?token=t0k3n", /not "policy\.example\.com"/],
    ["http://evil.localhost:8080/s3cr3t?token=t0k3n#hunter2", /not "evil\.localhost"/],
    ["https://169.254.169.254/s3cr3t?token=t0k3n", /"169\.254\.169\.254" is a link-local/],
    ["https://[::ffff:a9fe:a9fe]:9/s3cr3t?t0k3n", /"\[::ffff:a9fe:a9fe\]" is a link-local/],
    ["https://user:hunter2@example.com/s3cr3t", /credentials in the URL/],
    ["https://evil.example/s3cr3t?token=t0k3n", /"https:\/\/evil\.example" \(path and query not shown\) matches none/, {
      allowedUrls: ["https://policy.example.com/*"],
    }],
    ["ht tp://x/s3cr3t?token=t0k3n", /not a valid absolute URL/],
    ["https://[::1/s3cr3t?token=t0k3n", /not a valid absolute URL/],
  ];
  for (const [url, expected, policy] of cases) {
    const problem = httpUrlProblem(url, policy)!;
    match(problem, expected, url);
    ok(!secret.test(problem), problem);
  }
});

Deno.test("urlMatchesPattern() matches an IPv6 literal written in the pattern with its brackets", () => {
  equal(urlMatchesPattern("http://[::1]:8787/hook", "http://[::1]:*"), true);
  equal(urlMatchesPattern("http://[::1]:8787/hook", "http://127.0.0.1:*"), false);
});

Deno.test("urlPatternCovers() holds only when every URL of the inner pattern matches the outer one", () => {
  equal(urlPatternCovers("https://policy.corp.example/*", "https://policy.corp.example/team/*"), true);
  equal(urlPatternCovers("https://policy.corp.example/*", "https://POLICY.corp.example./x"), true);
  equal(urlPatternCovers("https://policy.corp.example/team/*", "https://policy.corp.example/*"), false);
  equal(urlPatternCovers("https://policy.corp.example/*", "http://127.0.0.1:*"), false);
  equal(urlPatternCovers("*", "http://127.0.0.1:*"), true);
});

Deno.test("urlMatchesPattern() keeps a * in the host inside the host", async (t) => {
  const pattern = "https://*.example.com/*";
  await t.step("it matches any subdomain, several labels deep", () => {
    equal(urlMatchesPattern("https://a.example.com/x", pattern), true);
    equal(urlMatchesPattern("https://a.b.example.com/x?y=1", pattern), true);
    equal(urlMatchesPattern("https://A.Example.COM./x", pattern), true);
  });
  await t.step("it never reaches into the path, the query, the fragment, the port or the userinfo", () => {
    for (
      const url of [
        "https://evil.com/.example.com/x",
        "https://evil.com?.example.com",
        "https://evil.com/?.example.com/x",
        "https://evil.com#.example.com/x",
        "https://evil.com\\.example.com/x",
        "https://a.example.com@evil.com/",
        "https://user:a.example.com@evil.com/",
        "https://a.example.com:8443/x",
        "https://example.com/",
        "https://evil.com/",
      ]
    ) {
      equal(urlMatchesPattern(url, pattern), false, url);
      ok(httpUrlProblem(url, { allowedUrls: [pattern] }) !== undefined, url);
    }
  });
  await t.step("encoded separators in the host do not parse, and an encoded dot stays a dot", () => {
    for (const url of ["https://evil.com%2F.example.com/", "https://a.example.com%40evil.com/"]) {
      match(httpUrlProblem(url, { allowedUrls: [pattern] })!, /not a valid absolute URL/, url);
    }
    // %2e decodes to a dot: the host is still a name under example.com.
    equal(urlMatchesPattern("https://evil.com%2e.example.com/", pattern), true);
  });
  await t.step("a * in the scheme stays inside the scheme", () => {
    equal(urlMatchesPattern("https://x.example.com/a", "http*://x.example.com/*"), true);
    equal(urlMatchesPattern("https://evil.com/?://x.example.com/", "*://x.example.com/*"), false);
  });
  await t.step("a * in the port or the path keeps matching the rest of the URL", () => {
    equal(urlMatchesPattern("http://localhost:8080/hook?a=1", "http://localhost:*"), true);
    equal(urlMatchesPattern("https://a.example.com/team/x?y", "https://a.example.com/team/*"), true);
    equal(urlMatchesPattern("https://a.example.com/", "https://*.example.com"), true);
    equal(urlMatchesPattern("https://a.example.com/x", "https://*.example.com"), false);
  });
});

Deno.test("urlPatternCovers() stays sound with host wildcards: what the narrower pattern admits, the wider admits", () => {
  const patterns = [
    "*",
    "https://*",
    "https://*/*",
    "https://*.example.com/*",
    "https://a*.example.com/*",
    "https://*.example.com",
    "https://*.example.com:*",
    "https://*.example.com/team/*",
    "https://policy.example.com/*",
    "https://*.com/*",
    "http*://*.example.com/*",
    "*://*.example.com/*",
    "http://localhost:*",
    "http://127.0.0.1:*",
  ];
  const urls = [
    "https://evil.com/.example.com/x",
    "https://evil.com/?.example.com",
    "https://evil.com:443/.example.com/",
    "https://a.example.com/",
    "https://a.example.com/x",
    "https://ab.example.com/team/x",
    "https://a.b.example.com:8443/team/x?q",
    "https://policy.example.com/team/",
    "https://example.com/",
    "http://a.example.com/x",
    "http://localhost:8080/x",
    "http://localhost/x",
    "http://127.0.0.1:9/?.example.com/",
  ];
  for (const outer of patterns) {
    for (const inner of patterns) {
      if (!urlPatternCovers(outer, inner)) continue;
      for (const url of urls) {
        if (urlMatchesPattern(url, inner)) {
          equal(urlMatchesPattern(url, outer), true, `${inner} lies inside ${outer}, but only it admits ${url}`);
        }
      }
    }
  }
  // A project cannot widen a user's subdomain rule to other hosts.
  equal(urlPatternCovers("https://*.example.com/*", "https://*"), false);
  equal(urlPatternCovers("https://*.example.com/*", "https://*/.example.com/*"), false);
  equal(urlPatternCovers("https://*.example.com/*", "https://*.example.com:*"), false);
  equal(urlPatternCovers("https://*.example.com/*", "https://a.b.example.com/team/*"), true);
});
