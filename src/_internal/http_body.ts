/**
 * Reading an HTTP response body under a byte cap, shared by the HTTP
 * transport and the model clients.
 *
 * @module
 */

/**
 * Reads the body, never more than `cap` bytes. A declared Content-Length
 * within the cap bounds the body (HTTP framing cannot deliver more), so
 * it is read in one go — markedly cheaper than a read loop; chunked or
 * larger bodies are streamed and cancelled at the cap.
 */
export function readBody(
  response: Response,
  cap: number,
): Promise<{ text: string; truncated: boolean }> {
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isInteger(length) && length >= 0 && length <= cap) {
    return response.text().then((text) => ({ text, truncated: false }));
  }
  return readCapped(response.body, cap);
}

/** Reads at most `cap` bytes of a stream, cancelling it at the cap. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<{ text: string; truncated: boolean }> {
  if (body === null) return { text: "", truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), truncated: false };
      if (size + value.byteLength > cap) {
        text += decoder.decode(value.subarray(0, cap - size));
        await reader.cancel();
        return { text, truncated: true };
      }
      size += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
}
