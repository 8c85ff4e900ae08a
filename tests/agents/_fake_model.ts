// A scripted model on loopback for the real agents: one server speaks the
// three wires they use — Anthropic's Messages API (`POST /v1/messages`, SSE),
// OpenAI's Responses API (`POST /v1/responses`, SSE) and Gemini's
// `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` — and answers
// each conversation from a script of turns (call a tool with these arguments,
// or say this text). Which turn comes next is read from the request itself:
// the number of model turns the conversation already holds. So a side request
// the agent makes on its own (no tools offered) never consumes a turn, and two
// agents never share a counter. Every request body is logged, so a test can
// assert what the agent sent back to the model: a tool's result, a hook's
// deny reason, a hook's context.

/** One turn of the model: call a tool, or answer with text (which ends the agent's turn). */
export type Turn = { tool: string; args: Record<string, unknown> } | { text: string };

/** Which wire a request came in on. */
export type Wire = "anthropic" | "openai" | "gemini";

/** One request the agent made: on one of the wires, or `"unrouted"` (answered 404). */
export interface ModelRequest {
  wire: Wire | "unrouted";
  path: string;
  body: Record<string, unknown>;
}

/** The fake model server. */
export interface FakeModel extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Replaces the script and empties the log: the turns of the next run, in order. */
  script(turns: Turn[]): void;
  /** Every request since the last `script()`, in arrival order. */
  requests(): ModelRequest[];
  /** Stops the server. */
  close(): Promise<void>;
}

/** A tool's result as the agent sent it back to the model. */
export interface ToolResult {
  /** The text the model reads (Gemini's `functionResponse.response` as JSON). */
  text: string;
  /** Whether the agent marked it an error (Anthropic's `is_error`, Gemini's `response.error`). */
  error: boolean;
}

/** The tool results of the last conversation that offered tools, in order. */
export function toolResults(requests: ModelRequest[]): ToolResult[] {
  const last = requests.findLast((one) => offersTools(one.body, one.wire));
  if (last === undefined) return [];
  const results: ToolResult[] = [];
  if (last.wire === "anthropic") {
    for (const message of (last.body.messages ?? []) as { content?: unknown }[]) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Record<string, unknown>[]) {
        if (block.type !== "tool_result") continue;
        const content = block.content;
        const text = typeof content === "string"
          ? content
          : Array.isArray(content)
          ? content.map((part) => typeof part?.text === "string" ? part.text : "").join("")
          : "";
        results.push({ text, error: block.is_error === true });
      }
    }
  } else if (last.wire === "openai") {
    for (const item of (last.body.input ?? []) as Record<string, unknown>[]) {
      if (item.type !== "function_call_output" && item.type !== "custom_tool_call_output") continue;
      const output = item.output;
      results.push({ text: typeof output === "string" ? output : JSON.stringify(output), error: false });
    }
  } else {
    for (const content of (last.body.contents ?? []) as { parts?: Record<string, unknown>[] }[]) {
      for (const part of content.parts ?? []) {
        const response = (part.functionResponse as { response?: Record<string, unknown> } | undefined)?.response;
        if (response === undefined) continue;
        results.push({ text: JSON.stringify(response), error: response.error !== undefined });
      }
    }
  }
  return results;
}

/** How many requests offered tools: the agent's model turns (side requests left out). */
export function modelCalls(requests: ModelRequest[]): number {
  return requests.filter((one) => offersTools(one.body, one.wire)).length;
}

/** Starts the fake model on a free loopback port. */
export function fakeModel(): FakeModel {
  let turns: Turn[] = [];
  let log: ModelRequest[] = [];
  let sequence = 0;
  const id = (prefix: string) => `${prefix}_${++sequence}`;

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const text = await request.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: logged as it came, answered by the route (or refused).
      body = { unparsed: text };
    }
    if (request.method === "POST" && url.pathname === "/v1/messages") {
      log.push({ wire: "anthropic", path: url.pathname + url.search, body });
      return sse(anthropicEvents(pick(body, "anthropic"), id));
    }
    if (request.method === "POST" && url.pathname === "/v1/responses") {
      log.push({ wire: "openai", path: url.pathname + url.search, body });
      return sse(openaiEvents(pick(body, "openai"), id));
    }
    if (request.method === "POST" && /^\/v1beta\/models\/[^/]+:streamGenerateContent$/.test(url.pathname)) {
      log.push({ wire: "gemini", path: url.pathname + url.search, body });
      return sse(geminiEvents(pick(body, "gemini")));
    }
    log.push({ wire: "unrouted", path: `${request.method} ${url.pathname}${url.search}`, body });
    return new Response("not found", { status: 404 });
  });

  /** The turn a request asks for: the script's turn after the model turns the conversation holds. */
  function pick(body: Record<string, unknown>, wire: Wire): Turn {
    if (!offersTools(body, wire)) return { text: "ok" };
    return turns[modelTurns(body, wire)] ?? { text: "done" };
  }

  const { port } = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}`,
    script(next) {
      turns = next;
      log = [];
    },
    requests: () => [...log],
    close: () => server.shutdown(),
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

function offersTools(body: Record<string, unknown>, wire: Wire | "unrouted"): boolean {
  const tools = body.tools;
  if (wire === "unrouted" || !Array.isArray(tools) || tools.length === 0) return false;
  // Gemini sends one entry holding all its functionDeclarations.
  return wire !== "gemini" || tools.some((one) => Array.isArray(one?.functionDeclarations));
}

function modelTurns(body: Record<string, unknown>, wire: Wire): number {
  const items = (wire === "anthropic" ? body.messages : wire === "openai" ? body.input : body.contents) as unknown;
  if (!Array.isArray(items)) return 0;
  if (wire === "anthropic") return items.filter((one) => one?.role === "assistant").length;
  if (wire === "gemini") return items.filter((one) => one?.role === "model").length;
  // Responses API: each function call, or assistant message, is one model turn.
  return items.filter((one) =>
    one?.type === "function_call" || one?.type === "custom_tool_call" ||
    (one?.type === "message" && one?.role === "assistant")
  ).length;
}

function sse(events: { event?: string; data: unknown }[]): Response {
  const text = events.map(({ event, data }) =>
    `${event === undefined ? "" : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`
  )
    .join("");
  return new Response(text, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}

function anthropicEvents(turn: Turn, id: (prefix: string) => string): { event: string; data: unknown }[] {
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = "tool" in turn
    ? [
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: id("toolu"), name: turn.tool, input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(turn.args) },
      },
    ]
    : [
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: turn.text } },
    ];
  const data = [
    {
      type: "message_start",
      message: {
        id: id("msg"),
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
    ...block,
    { type: "content_block_stop", index: 0 },
    {
      type: "message_delta",
      delta: { stop_reason: "tool" in turn ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: 1 },
    },
    { type: "message_stop" },
  ];
  return data.map((one) => ({ event: one.type, data: one }));
}

function openaiEvents(turn: Turn, id: (prefix: string) => string): { event: string; data: unknown }[] {
  const response = id("resp");
  const item = "tool" in turn
    ? {
      type: "function_call",
      id: id("fc"),
      call_id: id("call"),
      name: turn.tool,
      arguments: JSON.stringify(turn.args),
    }
    : {
      type: "message",
      id: id("msg"),
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: turn.text, annotations: [] }],
    };
  const data = [
    { type: "response.created", response: { id: response } },
    { type: "response.output_item.added", output_index: 0, item },
    { type: "response.output_item.done", output_index: 0, item },
    {
      type: "response.completed",
      response: {
        id: response,
        usage: {
          input_tokens: 10,
          input_tokens_details: null,
          output_tokens: 1,
          output_tokens_details: null,
          total_tokens: 11,
        },
      },
    },
  ];
  return data.map((one) => ({ event: one.type, data: one }));
}

function geminiEvents(turn: Turn): { data: unknown }[] {
  const part = "tool" in turn ? { functionCall: { name: turn.tool, args: turn.args } } : { text: turn.text };
  return [{
    data: {
      candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
      modelVersion: "gemini-2.5-flash",
    },
  }];
}
