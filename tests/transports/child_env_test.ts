import { deepEqual, equal } from "node:assert/strict";
import { buildChildEnv, looksLikeSecret } from "../../src/transports/mod.ts";

Deno.test("buildChildEnv() keeps only the allowlist and LC_*, drops secrets, then adds the hook's own", () => {
  const env = buildChildEnv({
    parentEnv: {
      PATH: "/usr/bin",
      HOME: "/home/u",
      LC_ALL: "C",
      EDITOR: "vim",
      OPENAI_API_KEY: "sk",
      DB_PASSWORD: "pw",
      AWS_PROFILE: "prod",
      GITHUB_TOKEN: "gh",
    },
    passEnv: ["GITHUB_TOKEN", "NOT_SET"],
    hookEnv: { MODE: "strict", PATH: "/opt/bin" },
    event: "PreToolUse",
    sessionId: "s-1",
    projectDir: "/p",
  });
  deepEqual(env, {
    PATH: "/opt/bin",
    HOME: "/home/u",
    LC_ALL: "C",
    GITHUB_TOKEN: "gh",
    MODE: "strict",
    HOOKGATE_PROJECT_DIR: "/p",
    HOOKGATE_EVENT: "PreToolUse",
    HOOKGATE_DEPTH: "1",
    HOOKGATE_SESSION_ID: "s-1",
  });
});

Deno.test("buildChildEnv() lets no hook override the hookgate variables", () => {
  const env = buildChildEnv({
    parentEnv: {},
    hookEnv: { HOOKGATE_EVENT: "forged" },
    event: "Stop",
  });
  equal(env.HOOKGATE_EVENT, "Stop");
});

Deno.test("buildChildEnv() reads the real environment by default", () => {
  Deno.env.set("LC_HOOKGATE_TEST", "yes");
  try {
    const env = buildChildEnv();
    equal(env.PATH, Deno.env.get("PATH"));
    equal(env.LC_HOOKGATE_TEST, "yes");
  } finally {
    Deno.env.delete("LC_HOOKGATE_TEST");
  }
});

Deno.test("looksLikeSecret() flags common secret names and nothing ordinary", () => {
  for (
    const name of [
      "API_TOKEN",
      "GITHUB_TOKEN",
      "OPENAI_API_KEY",
      "STRIPE_SECRET",
      "MY_SECRETS",
      "DB_PASSWORD",
      "PASSWD",
      "AWS_REGION",
      "GCP_CREDENTIALS",
      "npm_config__authToken_KEY",
    ]
  ) {
    equal(looksLikeSecret(name), true, name);
  }
  for (
    const name of [
      "PATH",
      "HOME",
      "LANG",
      "LC_ALL",
      "TERM",
      "KEYBOARD",
      "MONKEY",
      "TOKENIZER_PATH",
    ]
  ) {
    equal(looksLikeSecret(name), false, name);
  }
});

Deno.test({
  name: "buildChildEnv() never stops a host on a terminal at Deno's env prompt under a scoped --allow-env",
  ignore: Deno.build.os !== "linux",
  async fn() {
    // `script` gives the child a terminal, where Deno would prompt and wait.
    const script = new URL("../testdata/run_hook.ts", import.meta.url).pathname;
    const command = `deno run --no-check --allow-read --allow-run --allow-env=PATH,HOME ${script} '{"command":"true"}'`;
    const run = await new Deno.Command("script", {
      args: ["-qec", command, "/dev/null"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(30_000),
    }).output();
    const output = new TextDecoder().decode(run.stdout);
    equal(/Allow\?/.test(output), false, "Deno asked for env access");
    equal(/"action":"allow"/.test(output), true, output);
  },
});

Deno.test("buildChildEnv() tells a hook how deep in hookgate's hooks it runs", () => {
  equal(buildChildEnv({ parentEnv: {}, event: "Stop" }).HOOKGATE_DEPTH, "1");
  equal(buildChildEnv({ parentEnv: { HOOKGATE_DEPTH: "2" }, event: "Stop" }).HOOKGATE_DEPTH, "3");
  equal(buildChildEnv({ parentEnv: { HOOKGATE_DEPTH: "2" } }).HOOKGATE_DEPTH, undefined);
});

Deno.test("buildChildEnv() with inherit passes the whole parent environment but OTEL_*, then the hook's own", () => {
  const env = buildChildEnv({
    parentEnv: {
      PATH: "/usr/bin",
      MY_SETTING: "strict",
      OPENAI_API_KEY: "sk",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector",
      HOOKGATE_DEPTH: "1",
    },
    hookEnv: { CLAUDE_PROJECT_DIR: "/p", MY_SETTING: "from the hook" },
    event: "PreToolUse",
    inherit: true,
  });
  deepEqual(env, {
    PATH: "/usr/bin",
    MY_SETTING: "from the hook",
    OPENAI_API_KEY: "sk",
    CLAUDE_PROJECT_DIR: "/p",
    HOOKGATE_EVENT: "PreToolUse",
    HOOKGATE_DEPTH: "2",
  });
});
