// hook-run serve's HTTP/1.1 reader on the bytes of a request's head: what
// whitespace around a field's value is (SP and HTAB, RFC 9110's OWS, and
// nothing else), so a head two parsers would read two ways is refused as
// Node's http and Deno.serve refuse it.

import { equal, match } from "node:assert/strict";
import { connect, serve, withConfig, write } from "./_serve.ts";

/** The bytes of `text`, one per character (latin1): 0xA0 goes out as the one byte 0xA0, not UTF-8's two. */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** What the server answered: its status and body. */
interface Answer {
  status: number;
  text: string;
}

/**
 * Sends `head` (its lines, CRLF-joined, then a blank line) and `body` as
 * latin1 bytes over a fresh connection, and reads until the server closes
 * it (each request says "connection: close").
 */
async function exchange(url: string, head: string[], body = ""): Promise<Answer> {
  const conn = await connect(url);
  try {
    await write(conn, latin1([...head, "connection: close", "", body].join("\r\n")));
    const chunks: Uint8Array[] = [];
    const buffer = new Uint8Array(64 * 1024);
    // A server that never closes fails the test, not hangs it.
    const late = setTimeout(() => conn.close(), 10_000);
    try {
      while (true) {
        const count = await conn.read(buffer);
        if (count === null) break;
        chunks.push(buffer.slice(0, count));
      }
    } catch (error) {
      throw new Error(`no answer to ${head.join(", ")} within 10 s: ${(error as Error).message}`);
    } finally {
      clearTimeout(late);
    }
    const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((chunk) => [...chunk])));
    const end = text.indexOf("\r\n\r\n");
    if (end === -1) throw new Error(`no whole answer to ${head.join(", ")}: ${JSON.stringify(text)}`);
    return { status: Number(text.slice(0, end).split(" ")[1]), text: text.slice(end + 4) };
  } finally {
    try {
      conn.close();
    } catch {
      // Closed at the deadline.
    }
  }
}

/** A PreToolUse request's head on `url`'s server, with `lines` after Host and Content-Type. */
function post(url: string, ...lines: string[]): string[] {
  return ["POST /hooks/PreToolUse HTTP/1.1", `host: ${new URL(url).host}`, "content-type: application/json", ...lines];
}

Deno.test("hook-run serve trims only SP and HTAB around a header's value: 0xA0 is part of it", async (t) => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    const body = JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} });
    const port = new URL(server.url).port;
    try {
      await t.step("a Content-Length with 0xA0 before or after it is not a number", async () => {
        for (const value of [`${body.length}\xa0`, `\xa0${body.length}`, `${body.length} \xa0\t`]) {
          const answer = await exchange(server.url, post(server.url, `content-length: ${value}`), body);
          equal(answer.status, 400, JSON.stringify(value));
          match(JSON.parse(answer.text).error, /the Content-Length is not one number/);
        }
      });
      await t.step("a Transfer-Encoding of chunked with 0xA0 is another coding", async () => {
        const answer = await exchange(
          server.url,
          post(server.url, "transfer-encoding: chunked\xa0"),
          `${body.length.toString(16)}\r\n${body}`,
        );
        equal(answer.status, 501);
        match(JSON.parse(answer.text).error, /the transfer coding "chunked\xa0" is not supported/);
      });
      await t.step("a Host with 0xA0 after loopback's name is not loopback's", async () => {
        const head = [
          "POST /hooks/PreToolUse HTTP/1.1",
          `host: 127.0.0.1:${port}\xa0`,
          "content-type: application/json",
          `content-length: ${body.length}`,
        ];
        const answer = await exchange(server.url, head, body);
        equal(answer.status, 421);
        match(JSON.parse(answer.text).error, /is not a name of this server/);
      });
      await t.step("SP and HTAB around a value are trimmed", async () => {
        for (const value of [` ${body.length} `, `\t${body.length}\t `, `${body.length}`]) {
          const answer = await exchange(server.url, post(server.url, `content-length:${value}`), body);
          equal(answer.status, 200, JSON.stringify(value));
          equal(answer.text, "{}\n");
        }
        const chunked = await exchange(
          server.url,
          post(server.url, "transfer-encoding: \tchunked \t"),
          `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
        );
        equal(chunked.status, 200);
      });
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
