// A server on a Unix socket that is not hook-run serve, for the fast path's
// failures: `hang` never answers, `500` answers an HTTP error, `bare`
// answers 200 without the gateway's exit code. Says "ready" once it listens.
const [path, mode] = Deno.args;
Deno.serve({ path: path!, onListen: () => console.log("ready") }, async () => {
  if (mode === "hang") await new Promise(() => {});
  if (mode === "500") return new Response(`{"error":"broken"}\n`, { status: 500 });
  return new Response("{}\n", { headers: { "content-type": "application/json" } });
});
