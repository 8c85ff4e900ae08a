// The fast path of the launcher: `bin/hook-run gateway --socket S
// --max-time T` sends the event to hook-run serve over its Unix socket with
// curl, and prints the server's answer with the exit code the gateway would
// have ended with (the server's `?form=command` answer carries it). When no
// server answers the connect — the socket is missing, or left by a server
// that died — or curl is not installed, the gateway itself answers the same
// event in the same command. Every other failure — an HTTP error, a
// timeout, a server that closed the connection without an answer, an answer
// without an exit code — is exit code 2 with one line on stderr: a block,
// never "go ahead".

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
 */
export function fastPathLines(): string[] {
  return [
    "# The fast path: the event to hook-run serve over its Unix socket; when no",
    "# server answers the connect (curl's exit code 7), or curl is missing, the",
    "# gateway below answers the same event. Any other failure blocks.",
    "fast=",
    'if [ "$1" = gateway ] && [ "$2" = --socket ] && [ "$4" = --max-time ]; then',
    "  fast=1",
    "  socket=$3 limit=$5",
    "  shift 5",
    '  set -- gateway "$@"',
    "  # Read whole, trailing newlines kept: the gateway may need it again.",
    "  event=$(cat && printf x) || { printf 'hook-run: blocked: cannot read the event on stdin\\n' >&2; exit 2; }",
    "  event=${event%x}",
    "  if command -v curl >/dev/null 2>&1; then",
    `    answer=$(printf '%s' "$event" | curl -q --silent --fail-with-body --max-time "$limit" --unix-socket "$socket" \\`,
    `      -H 'content-type: application/json' --data-binary @- \\`,
    `      -w '\\n%{http_code} %header{hookgate-exit} %header{hookgate-stderr}' 'http://localhost/hooks?form=command')`,
    "    code=$?",
    `    if [ "$code" != ${CURL_NO_SERVER} ]; then`,
    "      nl='",
    "'",
    '      tail=${answer##*"$nl"}',
    '      answer=${answer%"$nl"*}',
    "      status=${tail%% *} rest=${tail#* }",
    "      ends=${rest%% *} said=${rest#* }",
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
