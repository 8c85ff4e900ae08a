// A small HTTP policy service for hookgate's HTTP hooks.
//
//   POLICY_TOKEN=dev deno run --allow-net=127.0.0.1 --allow-env=POLICY_TOKEN examples/http_policy/server.ts
//
// It answers PreToolUse with an outcome: deny `rm -rf` and `git push
// --force`, rewrite `npm install` to `npm ci`, allow the rest. Every other
// event gets an empty body (allow, no side effect). Requests without the
// expected bearer token get 401, which hookgate reports as a failure (a
// status never blocks by itself: failurePolicy decides).
// deno-lint-ignore-file no-console

/** The outcome for one hook payload (exported for tests). */
export function decide(payload: {
  event?: string;
  toolName?: string;
  toolInput?: Record<string, unknown>;
}): Record<string, unknown> | null {
  if (payload.event !== "PreToolUse" || payload.toolName !== "bash") {
    return null;
  }
  const command = String(payload.toolInput?.command ?? "");
  if (/\brm\s+-rf\b/.test(command)) {
    return {
      action: "deny",
      reason: "rm -rf is not allowed by the policy service",
    };
  }
  if (/\bgit\s+push\b.*--force\b/.test(command)) {
    return { action: "deny", reason: "force pushes need a human" };
  }
  if (/^npm install\b/.test(command)) {
    return {
      action: "mutate",
      input: {
        ...payload.toolInput,
        command: command.replace(/^npm install/, "npm ci"),
      },
    };
  }
  return { action: "allow" };
}

/** Serves the policy on 127.0.0.1 (port 0 picks a free one). */
export function startPolicyServer(
  options: { port?: number; token?: string } = {},
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 8787,
    onListen() {},
  }, async (request) => {
    if (request.method !== "POST") {
      return new Response("POST a hook payload\n", { status: 405 });
    }
    if (
      options.token !== undefined &&
      request.headers.get("authorization") !== `Bearer ${options.token}`
    ) {
      await request.body?.cancel();
      return new Response(null, { status: 401 });
    }
    const outcome = decide(await request.json());
    return outcome === null ? new Response(null, { status: 204 }) : Response.json(outcome);
  });
}

if (import.meta.main) {
  const server = startPolicyServer({
    token: Deno.env.get("POLICY_TOKEN") ?? "dev",
  });
  console.log(
    `policy service on http://127.0.0.1:${server.addr.port}/ (Ctrl-C to stop)`,
  );
}
