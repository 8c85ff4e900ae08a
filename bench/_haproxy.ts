// HAProxy for bench/fleet.ts: installed from Debian's packages when it is
// missing (never left running as a system service), configured on
// loopback in front of hook-run serve instances, run in the foreground as
// the bench's own child, and asked through its stats page which servers
// it sees up.

/** What the balancer listens on and balances over. */
export interface BalancerPorts {
  /** Where clients call. */
  front: number;
  /** The stats page (`/stats;csv`). */
  stats: number;
  /** The hook-run serve instances, in order (named s1, s2, …). */
  servers: number[];
}

/**
 * The configuration: health checks on GET /healthz, a refused or reset
 * upstream retried on another server, and session affinity on the body's
 * session_id (the one place hook-run serve keeps state per session).
 */
export function haproxyConfig(ports: BalancerPorts, retry = true): string {
  const retries = retry
    ? `    # A server that refuses the connection (stopped), or closes it with no
    # answer (an idle connection closed as it stopped), never saw the call:
    # send it to another. Answers are never retried.
    retries 3
    retry-on conn-failure empty-response
    option redispatch 1`
    : `    retries 0
    retry-on none`;
  return `global
    maxconn 4096

defaults
    mode http
    timeout connect 250ms
    timeout client 30s
    timeout server 30s
    timeout http-keep-alive 10s
${retries}

frontend hooks
    bind 127.0.0.1:${ports.front}
    default_backend hookgate

backend hookgate
    # Read the body before choosing a server: the same session_id goes to
    # the same instance (consistent hashing moves only a stopped one's).
    option http-buffer-request
    balance hash req.body,json_query('$.session_id')
    hash-type consistent
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    default-server check inter 250ms fall 1 rise 2
${ports.servers.map((port, i) => `    server s${i + 1} 127.0.0.1:${port}`).join("\n")}

frontend stats
    bind 127.0.0.1:${ports.stats}
    stats enable
    stats uri /stats
`;
}

/** Installs HAProxy with apt-get when it is missing; whether it had to. */
export async function ensureHaproxy(say: (line: string) => void): Promise<boolean> {
  if (await succeeds("haproxy", ["-v"])) return false;
  say("HAProxy is missing: installing it from Debian's packages (apt-get install -y haproxy)");
  const root = Deno.uid() === 0;
  const run = (args: string[], env: Record<string, string>) =>
    root ? succeeds(args[0]!, args.slice(1), env) : succeeds("sudo", ["-n", ...args], env);
  // RUNLEVEL=1: invoke-rc.d starts no service meant for the usual runlevels.
  const env = { DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" };
  if (!await run(["apt-get", "install", "-y", "haproxy"], env)) {
    await run(["apt-get", "update"], env);
    if (!await run(["apt-get", "install", "-y", "haproxy"], env)) {
      throw new Error(
        "Cannot install HAProxy: apt-get install -y haproxy failed; install it yourself (or run as root) and rerun",
      );
    }
  }
  // Where the package started its own service anyway, it is stopped: the
  // bench leaves nothing running.
  for (const stop of [["systemctl", "stop", "haproxy"], ["service", "haproxy", "stop"]]) {
    if (await run(stop, env)) break;
  }
  return true;
}

/** One server as HAProxy's stats see it. */
export interface ServerStats {
  up: boolean;
  /** Requests it was sent. */
  total: number;
  /** Connections to it retried, and calls sent to another server instead. */
  retries: number;
  redispatches: number;
}

/** A running HAProxy, the bench's own child. */
export interface Balancer {
  /** The servers, in order, as HAProxy sees them now. */
  servers(): Promise<ServerStats[]>;
  /** Stops it (SIGUSR1 lets it finish what it forwards) and waits for its exit. */
  stop(): Promise<void>;
  /** Stops it at once, without waiting. */
  kill(): void;
}

/** Starts HAProxy in the foreground with `config` and waits until it answers on its stats page. */
export async function startHaproxy(config: string, ports: BalancerPorts): Promise<Balancer> {
  const check = await new Deno.Command("haproxy", {
    args: ["-c", "-q", "-f", config],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!check.success) {
    throw new Error(`Cannot start HAProxy: its configuration is invalid\n${new TextDecoder().decode(check.stderr)}`);
  }
  const child = new Deno.Command("haproxy", { args: ["-db", "-f", config], stdout: "null", stderr: "piped" }).spawn();
  let log = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) log = (log + decoder.decode(chunk, { stream: true })).slice(-16_384);
  })();
  const servers = async () => {
    const response = await fetch(`http://127.0.0.1:${ports.stats}/stats;csv`);
    const rows = (await response.text()).split("\n").map((line) => line.split(","));
    // The CSV's columns: pxname, svname, …, stot (7), …, wretr (15), wredis (16), status (17).
    return ports.servers.map((_, i) => {
      const row = rows.find((row) => row[0] === "hookgate" && row[1] === `s${i + 1}`) ?? [];
      return {
        up: row[17] === "UP",
        total: Number(row[7] ?? 0),
        retries: Number(row[15] ?? 0),
        redispatches: Number(row[16] ?? 0),
      };
    });
  };
  const stop = async () => {
    try {
      child.kill("SIGUSR1");
    } catch {
      // Already gone.
    }
    const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await child.status;
    clearTimeout(late);
    await reading;
  };
  const kill = () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
  };
  for (let tries = 0;; tries++) {
    try {
      await servers();
      return { servers, stop, kill };
    } catch {
      if (tries === 100) {
        await stop();
        throw new Error(`HAProxy did not answer on 127.0.0.1:${ports.stats} within 10 s:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function succeeds(command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  try {
    const { success } = await new Deno.Command(command, { args, env, stdout: "null", stderr: "null" }).output();
    return success;
  } catch {
    return false; // not installed
  }
}
