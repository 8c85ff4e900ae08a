// The fast path's client, in Perl: the launcher runs it with `perl -e`
// (perl starts in about 1.5 ms where curl takes 5–6, nearly all of it
// dynamic linking; a routed event pays the client's start every time). It
// uses Perl's built-in socket calls and no module, so nothing is loaded
// from disk (not even strict, 0.3 ms: a test compiles it under strict and
// warnings instead).
//
// What it does, and the exit codes it ends with (the launcher maps them,
// so that a Perl that could not start or died is told from an answer):
//
// - reads the event on stdin whole;
// - when the gateway's words are `gateway` or `gateway --agent NAME`,
//   sends the event to hook-run serve over its Unix socket as
//   `POST /hooks?form=command&agent=NAME&project=DIR` (DIR: the agent's
//   project variable, as the gateway reads it), and prints the answer with
//   the gateway's exit code: 0, 2, or 3 for the gateway's 1;
// - runs the gateway itself with the event on stdin (the launcher, with the
//   gateway's words) when nothing answers the connect, when the server says
//   the call's project is not its own (421), or when the words hold more
//   than an agent (`--config`, `--cwd`, …: what the server cannot honour);
//   the gateway's 0 and 2 are passed on, its 1 as 3, its 130 as 4;
// - on every other failure — a timeout, a server that closed the
//   connection without an answer, an HTTP error, an answer without the
//   gateway's exit code, a gateway that could not be started — says one
//   line on stderr and exits 2: a block, never "go ahead".
//
// The program contains no single quote: the launcher holds it in a
// single-quoted sh string.

/**
 * The client's program, with each agent's project variable (the agents
 * that have none send no project: the server reads the event's `cwd`, as
 * the gateway does).
 */
export function perlClient(projectVars: Readonly<Record<string, string>>): string {
  const vars = Object.entries(projectVars).map(([agent, name]) => `${agent} => "${name}"`).join(", ");
  const program = String.raw`
my ($socket, $limit, $launcher, @words) = @ARGV;
my %project_var = (${vars});
$SIG{PIPE} = "IGNORE";
binmode STDIN; binmode STDOUT; binmode STDERR;
sub say_blocked { print STDERR "hook-run: blocked: $_[0]\n"; exit 2 }
sub failed { say_blocked("hook-run serve on $socket failed: $_[0]") }
my $event = "";
for (;;) {
  my $n = sysread(STDIN, $event, 65536, length $event);
  say_blocked("cannot read the event on stdin: $!") unless defined $n;
  last if $n == 0;
}
# The gateway, with the event on stdin: the launcher without the fast path.
sub gateway {
  alarm 0;
  pipe(my $from, my $to) or say_blocked("cannot start the gateway: $!");
  my $pid = fork;
  say_blocked("cannot start the gateway: $!") unless defined $pid;
  if ($pid == 0) {
    close $to;
    open(STDIN, "<&", $from) or exit 2;
    exec { $launcher } $launcher, @words or print STDERR "hook-run: blocked: cannot start the gateway $launcher: $!\n";
    exit 2;
  }
  close $from;
  for (my $at = 0; $at < length $event;) {
    my $n = syswrite($to, $event, length($event) - $at, $at);
    last unless defined $n;
    $at += $n;
  }
  close $to;
  waitpid($pid, 0);
  my ($signal, $code) = ($? & 127, $? >> 8);
  say_blocked("the gateway was killed by signal $signal") if $signal;
  exit $code if $code == 0 || $code == 2;
  exit 3 if $code == 1;
  exit 4 if $code == 130;
  say_blocked("the gateway exited with code $code");
}
my $agent = "claude";
if (@words == 3 && $words[1] eq "--agent" && $words[2] =~ /^[a-z]+$/) {
  $agent = $words[2];
} elsif (@words != 1) {
  gateway();
}
sub encoded { my $text = shift; $text =~ s/([^A-Za-z0-9\/._~-])/sprintf("%%%02X", ord $1)/ge; $text }
my $query = "form=command&agent=$agent";
my $var = $project_var{$agent};
$query .= "&project=" . encoded($ENV{$var}) if defined $var && defined $ENV{$var} && $ENV{$var} ne "";
$SIG{ALRM} = sub { failed("no answer within $limit s") };
alarm $limit;
# AF_UNIX and SOCK_STREAM are 1 on Linux and the BSDs; BSD addresses start with their length.
my $address = ($^O eq "linux" ? pack("S", 1) : pack("CC", length($socket) + 3, 1)) . $socket . "\0";
socket(my $server, 1, 1, 0) or gateway();
connect($server, $address) or gateway();
my $request = "POST /hooks?$query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
  . "Content-Length: " . length($event) . "\r\nConnection: close\r\n\r\n" . $event;
for (my $at = 0; $at < length $request;) {
  my $n = syswrite($server, $request, length($request) - $at, $at);
  last unless defined $n;
  $at += $n;
}
# Read until the answer is whole (its head, and as many bytes as it says), or the server closes.
my ($answer, $end, $length) = ("", -1, undef);
for (;;) {
  my $n = sysread($server, $answer, 65536, length $answer);
  last unless $n;
  if ($end < 0 && ($end = index($answer, "\r\n\r\n")) >= 0) {
    ($length) = substr($answer, 0, $end) =~ /\r\ncontent-length:[ \t]*([0-9]+)/i;
  }
  last if $end >= 0 && defined $length && length($answer) >= $end + 4 + $length;
}
alarm 0;
my $closed = "it closed the connection without an answer (it stopped or crashed)";
failed($closed) if $end < 0;
my $head = substr($answer, 0, $end);
my $body = substr($answer, $end + 4);
$head =~ m{^HTTP/1\.[01] ([0-9]{3})} or failed("it answered something that is not HTTP");
my $status = $1;
if (defined $length) {
  failed($closed) if length($body) < $length;
  $body = substr($body, 0, $length);
}
gateway() if $status == 421;
my ($exit) = $head =~ /\r\nhookgate-exit:[ \t]*([0-9]+)[ \t]*(?:\r|$)/i;
if ($status == 200 && defined $exit && ($exit == 0 || $exit == 1 || $exit == 2)) {
  print $body;
  if ($exit != 0) {
    my ($said) = $head =~ /\r\nhookgate-stderr:[ \t]*([^\r]*)/i;
    print STDERR (defined $said ? $said : ""), "\n";
  }
  exit($exit == 1 ? 3 : $exit);
}
failed("it answered $status without an exit code (not hook-run serve, or one too old)") if $status == 200;
$body =~ s/\n\z//;
failed("it answered HTTP $status: $body");
`;
  if (program.includes("'")) throw new Error("the fast path's Perl client must not contain a single quote");
  return program.trim();
}
