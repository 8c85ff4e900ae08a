// The fast path of the launcher: `bin/hook-run gateway --socket S
// --max-time T [--agent NAME]` sends the event to hook-run serve over its
// Unix socket — with Perl where there is one (src/install/_perl_client.ts),
// else with curl — and prints the server's answer with the exit code the
// gateway would have ended with (the server's `?form=command` answer
// carries it). When no server answers the connect (the socket is missing,
// or left by a server that died), when the server answers for another
// project than the call's (421), or when neither Perl nor curl is
// installed, the gateway itself answers the same event in the same
// command. Every other failure — an HTTP error, a timeout, a server that
// closed the connection without an answer, an answer without an exit
// code — is exit code 2 with one line on stderr: a block, never "go ahead".

import { perlClient } from "./_perl_client.ts";

/** The exit code curl ends with when nothing answered the connect (also a missing socket, or one nobody is behind). */
export const CURL_NO_SERVER = 7;

/**
 * The command a fast-path routing entry runs: the launcher at `bin`, the
 * server's socket, and how long curl waits for its answer.
 *
 * @param bin The launcher, quoted for sh.
 * @param socket The socket, quoted for sh.
 * @param maxTimeSeconds curl's `--max-time`.
 */
export function fastPathCommand(bin: string, socket: string, maxTimeSeconds: number): string {
  return `${bin} gateway --socket ${socket} --max-time ${maxTimeSeconds}`;
}

/** How long the fast path waits for the server, in seconds, given how long the agent waits for the hook. */
export function fastPathMaxTime(timeoutSeconds: number): number {
  // curl must give up before the agent does: an agent that kills a hook
  // for its timeout lets the call through.
  return Math.max(1, timeoutSeconds - Math.min(10, Math.ceil(timeoutSeconds / 10)));
}

/**
 * The launcher script's lines for the fast path: they end the script when
 * the server answered (or failed), else leave `$event` holding the event
 * and the positional parameters the gateway's (`gateway` and what follows
 * the fast path's own flags), for the gateway to answer; `$fast` is set
 * when the event was read from stdin.
 *
 * @param projectVars Each agent's project variable, by agent name.
 */
export function fastPathLines(projectVars: Readonly<Record<string, string>>): string[] {
  const byAgent = Object.entries(projectVars).map(([agent, name]) => `${agent}) dir=\${${name}-} ;;`);
  return [
    "# The fast path: the event to hook-run serve over its Unix socket; when no",
    "# server answers the connect, or it answers for another project, the gateway",
    "# below answers the same event. Any other failure blocks. The client is Perl",
    "# where there is one (it starts in a fraction of curl's time), else curl.",
    "fast=",
    'if [ "$1" = gateway ] && [ "$2" = --socket ] && [ "$4" = --max-time ]; then',
    "  fast=1",
    "  socket=$3 limit=$5",
    "  shift 5",
    '  set -- gateway "$@"',
    "  if command -v perl >/dev/null 2>&1; then",
    "    # Perl's own switches from the environment could load code into the client.",
    `    PERL5OPT= PERL5LIB= PERLLIB= perl -e '${perlClient(projectVars)}' -- "$socket" "$limit" "$0" "$@"`,
    "    code=$?",
    "    case $code in",
    "    0 | 2) exit $code ;;",
    "    3) exit 1 ;;",
    "    4) exit 130 ;;",
    "    esac",
    `    printf 'hook-run: blocked: the fast path (perl) ended with code %s before answering\\n' "$code" >&2`,
    "    exit 2",
    "  fi",
    "  # Read whole, trailing newlines kept: the gateway may need it again.",
    "  event=$(cat && printf x) || { printf 'hook-run: blocked: cannot read the event on stdin\\n' >&2; exit 2; }",
    "  event=${event%x}",
    "  # Only the agent is passed on: other words (--config, --cwd, …) are the gateway's alone.",
    "  query=",
    "  case $#:${2-} in",
    "  1:) agent=claude query=form=command ;;",
    '  3:--agent) agent=$3 query="form=command&agent=$3" ;;',
    "  esac",
    "  dir=",
    "  case $agent in",
    ...byAgent.map((line) => `  ${line}`),
    "  esac",
    "  # A project directory curl cannot carry as it is goes to the gateway.",
    "  case $agent$dir in",
    "  *[!A-Za-z0-9/._~-]*) query= ;;",
    '  *) [ -z "$dir" ] || query="$query&project=$dir" ;;',
    "  esac",
    '  if [ -n "$query" ] && command -v curl >/dev/null 2>&1; then',
    `    answer=$(printf '%s' "$event" | curl -q --silent --fail-with-body --max-time "$limit" --unix-socket "$socket" \\`,
    `      -H 'content-type: application/json' --data-binary @- \\`,
    `      -w '\\n%{http_code} %header{hookgate-exit} %header{hookgate-stderr}' "http://localhost/hooks?$query")`,
    "    code=$?",
    "    nl='",
    "'",
    '    tail=${answer##*"$nl"}',
    '    answer=${answer%"$nl"*}',
    "    status=${tail%% *} rest=${tail#* }",
    "    ends=${rest%% *} said=${rest#* }",
    `    if [ "$code" != ${CURL_NO_SERVER} ] && [ "$status" != 421 ]; then`,
    '      if [ "$code" = 0 ] && [ "$status" = 200 ]; then',
    "        case $ends in",
    "        0) printf '%s' \"$answer\"; exit 0 ;;",
    '        1 | 2) printf \'%s\' "$answer"; printf \'%s\\n\' "$said" >&2; exit "$ends" ;;',
    "        esac",
    "      fi",
    "      case $code in",
    '      0) why="it answered $status without an exit code (not hook-run serve, or one too old)" ;;',
    '      22) why="it answered HTTP $status: ${answer%"$nl"}" ;;',
    '      28) why="no answer within $limit s" ;;',
    '      52 | 56) why="it closed the connection without an answer (it stopped or crashed)" ;;',
    '      *) why="curl failed with exit code $code" ;;',
    "      esac",
    `      printf 'hook-run: blocked: hook-run serve on %s failed: %s\\n' "$socket" "$why" >&2`,
    "      exit 2",
    "    fi",
    "  fi",
    "fi",
  ];
}
