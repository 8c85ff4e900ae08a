import { equal, match, ok } from "node:assert/strict";
import { netPermissionProblem } from "../../src/permissions/mod.ts";

Deno.test("netPermissionProblem() names host and port only, never a path, query or an unparsable URL", () => {
  // A name no test grants (and nothing resolves): the check asks Deno's
  // permission state, not DNS.
  const refused = netPermissionProblem("https://user:hunter2@hookgate.invalid:8443/s3cr3t?token=t0k3n")!;
  equal(
    refused,
    'Deno\'s --allow-net does not include "hookgate.invalid:8443"; add --allow-net=hookgate.invalid:8443',
  );
  const invalid = netPermissionProblem("https://[::1/s3cr3t?token=t0k3n")!;
  match(invalid, /not a valid absolute URL/);
  ok(!/s3cr3t|t0k3n/.test(invalid), invalid);
});
