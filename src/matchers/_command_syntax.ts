// What hookgate knows of a few commands' option syntax, so rules about them
// stay short: the options that take a value (so `git -C dir push` finds
// `push`, and `find . -name -delete` has no -delete), the primaries that run
// a command up to `;` or `+`, and what a command does without a path.

/** The option syntax of one command. */
export interface CommandSyntax {
  /** Options before the subcommand that take the next word as their value. */
  readonly globalValueOptions: ReadonlySet<string>;
  /** Options after the subcommand (or anywhere, without one) that take the next word as their value. */
  readonly valueOptions: ReadonlySet<string>;
  /** Options that run a command up to a `;` or `+` word (`find -exec`). */
  readonly commandOptions: ReadonlySet<string>;
  /** Options written with one dash and a word (`find -delete`): never split into letters. */
  readonly wordOptions: boolean;
  /** The path the command works on when it is given none (`find` searches `.`). */
  readonly defaultPath?: string;
  /** A global option whose `alias.*` value renames a subcommand (`git -c alias.x=reset x`). */
  readonly aliasOption?: string;
}

const NONE: ReadonlySet<string> = new Set();

const GIT: CommandSyntax = {
  globalValueOptions: new Set([
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--config-env",
    "--super-prefix",
    "--list-cmds",
    "--attr-source",
  ]),
  valueOptions: NONE,
  commandOptions: NONE,
  wordOptions: false,
  aliasOption: "-c",
};

const FIND: CommandSyntax = {
  globalValueOptions: NONE,
  valueOptions: new Set([
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-regextype",
    "-lname",
    "-ilname",
    "-type",
    "-xtype",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-size",
    "-links",
    "-inum",
    "-samefile",
    "-newer",
    "-anewer",
    "-cnewer",
    "-atime",
    "-amin",
    "-ctime",
    "-cmin",
    "-mtime",
    "-mmin",
    "-used",
    "-maxdepth",
    "-mindepth",
    "-fstype",
    "-context",
    "-printf",
    "-fprint",
    "-fprint0",
    "-fls",
    "-files0-from",
    "-D",
    "-O",
  ]),
  commandOptions: new Set(["-exec", "-execdir", "-ok", "-okdir"]),
  wordOptions: true,
  defaultPath: ".",
};

const DOCKER: CommandSyntax = {
  globalValueOptions: new Set(["-H", "--host", "--context", "-c", "--config", "-l", "--log-level"]),
  valueOptions: NONE,
  commandOptions: NONE,
  wordOptions: false,
};

const KUBECTL: CommandSyntax = {
  globalValueOptions: new Set(["-n", "--namespace", "--context", "--kubeconfig", "-s", "--server", "--cluster"]),
  valueOptions: NONE,
  commandOptions: NONE,
  wordOptions: false,
};

const PLAIN: CommandSyntax = {
  globalValueOptions: NONE,
  valueOptions: NONE,
  commandOptions: NONE,
  wordOptions: false,
};

const SYNTAX: Readonly<Record<string, CommandSyntax>> = {
  git: GIT,
  find: FIND,
  gfind: FIND,
  docker: DOCKER,
  podman: DOCKER,
  kubectl: KUBECTL,
};

/** The syntax hookgate knows for a command (by its compared name), or plain getopt syntax. */
export function commandSyntax(key: string): CommandSyntax {
  return Object.hasOwn(SYNTAX, key) ? SYNTAX[key]! : PLAIN;
}
