import { equal } from "node:assert/strict";
import { redactUrls, urlForMessage } from "../../src/_internal/url_text.ts";

Deno.test("urlForMessage() keeps scheme, host and port only", () => {
  equal(
    urlForMessage("https://user:pw@Policy.Example.com:8443/s3cr3t?token=t0k3n#x"),
    "https://policy.example.com:8443",
  );
  equal(urlForMessage(new URL("http://[::1]:80/x")), "http://[::1]");
  equal(urlForMessage("not a url/s3cr3t"), "(an invalid URL)");
});

Deno.test("redactUrls() cuts the path and query of every URL in a text", () => {
  const url = "http://127.0.0.1:9/s3cr3t(1)?token=t0k3n";
  equal(
    redactUrls(`error sending request for url (${url}): client error (Connect)`, url),
    "error sending request for url (http://127.0.0.1:9): client error (Connect)",
  );
  equal(
    redactUrls("from 127.0.0.1:5 for http://[::1]:40129/p?token=t0k3n (127.0.0.1:40129): closed"),
    "from 127.0.0.1:5 for http://[::1]:40129 (127.0.0.1:40129): closed",
  );
  equal(redactUrls("no URL here: 127.0.0.1:9"), "no URL here: 127.0.0.1:9");
});
