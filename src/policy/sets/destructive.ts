/**
 * The `destructive` rule set: commands that destroy work or data an agent
 * cannot give back. Each rule says what it would destroy and the safe way
 * to do the same; `docs/destructive.md` lists what each one blocks and
 * allows.
 *
 * @module
 */

import type { CommandRuleSpec } from "../../matchers/command_rule.ts";
import type { RuleSet } from "./rule_set.ts";

const RECURSIVE = ["-r", "-R", "--recursive"];
const FORCE = ["-f", "--force"];
/** Where a recursive delete takes more than the project's own files. */
const BEYOND_PROJECT = ["root", "home", "project-root", "outside-project-and-temp"] as const;
/**
 * Where git and ssh run a program named in the environment or the
 * configuration rather than on the line: for a connection, a password, a
 * diff, a signature, a file-system monitor, or a `!` alias. Editors and
 * pagers are left out: agents set them to `true` or `cat` all the time, and
 * what they run is still read by every other rule.
 */
const CONFIGURED_PROGRAMS = [
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_PROXY_COMMAND",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_EXTERNAL_DIFF",
  "git -c core.sshCommand",
  "git -c core.askPass",
  "git -c core.gitProxy",
  "git -c core.fsmonitor",
  "git -c diff.external",
  "git -c gpg.program",
  "git -c credential.helper",
  "git shell alias *",
];
const SHELLS = ["sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "busybox"];
const INTERPRETERS = ["python", "python2", "python3", "python3.*", "node", "nodejs", "ruby", "perl"];
/**
 * A file interpreter code deletes itself reads as the command that does the
 * same, through the call that does it: `os.remove("p")` in `python3 -c` as
 * `rm -f p` via `python3 -c`, `os.remove()`; `shutil.rmtree("p")` as `rm
 * -rf p`. A command the code starts (`os.system("rm -r p")`) is judged as
 * that command.
 */
const CODE_DELETE = ["*()"];
/** git checkout's and git restore's options that take a value. */
const CHECKOUT_VALUES = ["-b", "-B", "--orphan", "--conflict", "-U", "--unified", "--inter-hunk-context"];
/**
 * git checkout's options that refuse paths: with them git stops ("cannot be
 * used with updating paths", "missing branch name") before it touches a file.
 */
const CHECKOUT_BRANCH_ONLY = ["-b", "-B", "--orphan", "-t", "--track", "--detach"];
const RESTORE_VALUES = [
  "-s",
  "--source",
  "--conflict",
  "-U",
  "--unified",
  "--inter-hunk-context",
  "--pathspec-from-file",
];

const DENY: readonly CommandRuleSpec[] = [
  {
    id: "rm-recursive-force",
    command: "rm",
    allFlags: [RECURSIVE, FORCE],
    paths: [...BEYOND_PROJECT],
    reason:
      "rm -rf here would delete files outside the project and temp directories (or /, your home directory or the whole project), with no way back; delete only paths inside the project or a temp directory, such as rm -rf ./build",
  },
  {
    id: "git-reset-hard",
    command: "git",
    subcommand: "reset",
    flags: ["--hard", "--merge"],
    reason:
      "git reset --hard throws away every uncommitted change in the working tree; commit or git stash first, or use git reset --soft / --keep",
  },
  {
    id: "git-checkout-paths",
    command: "git",
    subcommand: "checkout",
    args: ["--", "."],
    valueOptions: CHECKOUT_VALUES,
    unless: { flags: CHECKOUT_BRANCH_ONLY },
    reason:
      "git checkout -- <paths> (or .) overwrites uncommitted changes to those files; commit or git stash first, or use git switch for branches",
  },
  {
    id: "git-checkout-tree-paths",
    command: "git",
    subcommand: "checkout",
    minArgs: 2,
    valueOptions: CHECKOUT_VALUES,
    unless: { flags: CHECKOUT_BRANCH_ONLY },
    reason:
      "git checkout <commit> <paths> overwrites uncommitted changes to those files; commit or git stash first, or use git switch for branches",
  },
  {
    id: "git-checkout-force",
    command: "git",
    subcommand: "checkout",
    flags: ["-f", "--force", "--pathspec-from-file"],
    valueOptions: CHECKOUT_VALUES,
    reason: "git checkout --force (or --pathspec-from-file) discards uncommitted changes; commit or git stash first",
  },
  {
    id: "git-switch-discard",
    command: "git",
    subcommand: "switch",
    flags: ["--discard-changes", "-f", "--force"],
    valueOptions: ["-c", "-C", "--orphan", "--conflict"],
    reason: "git switch --discard-changes (or --force) throws away uncommitted changes; commit or git stash first",
  },
  {
    id: "git-restore-worktree",
    command: "git",
    subcommand: "restore",
    minArgs: 1,
    valueOptions: RESTORE_VALUES,
    unless: { flags: ["--staged", "-S", "--no-staged", "--no-worktree", "-h", "--help", "--version"] },
    reason:
      "git restore <paths> overwrites uncommitted changes to those files; use git restore --staged to unstage only, or commit or git stash first",
  },
  {
    id: "git-restore-patch",
    command: "git",
    subcommand: "restore",
    flags: ["-p", "--patch", "--pathspec-from-file"],
    valueOptions: RESTORE_VALUES,
    unless: { flags: ["--staged", "-S", "--no-staged", "--no-worktree", "-h", "--help", "--version"] },
    reason:
      "git restore --patch (or --pathspec-from-file) overwrites uncommitted changes in the working tree; use git restore --staged to unstage only",
  },
  {
    id: "git-restore-staged-worktree",
    command: "git",
    subcommand: "restore",
    flags: ["--worktree", "-W"],
    minArgs: 1,
    valueOptions: RESTORE_VALUES,
    unless: { flags: ["--no-worktree", "-h", "--help", "--version"] },
    reason:
      "git restore --worktree (with --staged too) overwrites uncommitted changes in the working tree; use git restore --staged alone to unstage",
  },
  {
    id: "git-clean-force",
    command: "git",
    subcommand: "clean",
    flags: ["-f", "--force"],
    unless: { flags: ["-n", "--dry-run"] },
    reason:
      "git clean -f deletes untracked files, which git cannot bring back; run git clean -n first to see what it would delete",
  },
  {
    id: "git-push-force",
    command: "git",
    subcommand: "push",
    flags: ["--force", "-f", "--mirror"],
    reason:
      "git push --force (or --mirror) overwrites the remote's history and others' commits; use git push --force-with-lease, which refuses when the remote moved",
  },
  {
    id: "git-branch-force-delete",
    command: "git",
    subcommand: "branch",
    flags: ["-D"],
    reason:
      "git branch -D deletes a branch even when its commits are merged nowhere; use git branch -d, which refuses then",
  },
  {
    id: "git-branch-delete-force",
    command: "git",
    subcommand: "branch",
    allFlags: [["-d", "--delete"], FORCE],
    reason:
      "git branch --delete --force deletes a branch even when its commits are merged nowhere; use git branch -d, which refuses then",
  },
  {
    id: "git-stash-destroy",
    command: "git",
    subcommand: ["stash drop", "stash clear"],
    reason:
      "git stash drop / clear deletes stashed work for good; git stash pop applies it first, git stash list shows what is there",
  },
  {
    id: "git-rm-force",
    command: "git",
    subcommand: "rm",
    flags: FORCE,
    unless: { flags: ["--cached", "-n", "--dry-run"] },
    reason:
      "git rm --force deletes files with uncommitted changes from the working tree; use git rm --cached to untrack them and keep the files",
  },
  {
    id: "git-worktree-remove-force",
    command: "git",
    subcommand: "worktree remove",
    flags: FORCE,
    reason:
      "git worktree remove --force deletes a worktree with uncommitted or untracked changes; commit there first, or remove it without --force",
  },
  {
    id: "git-reflog-destroy",
    command: "git",
    subcommand: ["reflog expire", "reflog delete"],
    reason:
      "git reflog expire / delete removes the record that lets lost commits be found again; leave the reflog to git gc",
  },
  {
    id: "git-update-ref-delete",
    command: "git",
    subcommand: "update-ref",
    flags: ["-d", "--delete"],
    reason: "git update-ref -d deletes a ref without any of git's safety checks; use git branch -d or git tag -d",
  },
  {
    id: "find-delete",
    command: ["find", "gfind"],
    flags: ["-delete"],
    // A search of a whole temp directory deletes what matches among every program's temp files.
    paths: [...BEYOND_PROJECT, "temp-root"],
    reason:
      "find -delete here would delete files outside the project and temp directories (or in /, your home directory, the project root or a whole temp directory); run the find without -delete first, and search a subfolder",
  },
  {
    id: "find-delete-follow",
    command: ["find", "gfind"],
    allFlags: [["-delete"], ["-L", "-follow"]],
    reason: "find -L -delete follows symbolic links, so it can delete files anywhere they point; drop -L or -follow",
  },
  {
    id: "dd-to-device",
    command: "dd",
    pathPrefix: "of=",
    paths: ["device"],
    reason: "dd of=/dev/… overwrites a disk or partition; write to an image file instead",
  },
  {
    id: "mkfs-device",
    command: ["mkfs", "mkfs.*", "mke2fs", "mkswap", "wipefs"],
    paths: ["device"],
    valueOptions: ["-t", "-L", "-b", "-N", "-O", "-E", "-m", "-T", "-U", "-n", "-c"],
    reason: "mkfs on a device erases everything on that disk or partition; format an image file instead",
  },
  {
    id: "write-to-device",
    command: "*",
    redirects: ["device"],
    reason: "Writing to /dev/… with > overwrites a disk or partition; write to a file instead",
  },
  {
    id: "shred",
    command: "shred",
    minArgs: 1,
    unless: { flags: ["--help", "--version"] },
    reason: "shred overwrites files (or a disk) so they can never be recovered; use rm for an ordinary delete",
  },
  {
    id: "chmod-recursive-root",
    command: ["chmod", "chown", "chgrp"],
    allFlags: [["-R", "--recursive"]],
    paths: ["root", "home"],
    reason:
      "A recursive chmod or chown of / or your home directory breaks the system's and your files' permissions; name the folder you mean",
  },
];

const ASK: readonly CommandRuleSpec[] = [
  {
    id: "download-to-shell",
    command: [...SHELLS, ...INTERPRETERS],
    pipedFrom: ["curl", "wget", "fetch"],
    reason: "This runs a downloaded script without anyone reading it; download it to a file, read it, then run it",
  },
  {
    id: "git-push-force-refspec",
    command: "git",
    subcommand: "push",
    args: ["+*", "*:+*"],
    reason: "A +refspec force-pushes that branch and overwrites the remote's history; use git push --force-with-lease",
  },
  {
    id: "git-push-delete",
    command: "git",
    subcommand: "push",
    flags: ["--delete", "-d"],
    reason: "git push --delete deletes a branch or tag on the remote, for everyone",
  },
  {
    id: "git-push-delete-refspec",
    command: "git",
    subcommand: "push",
    args: [":*"],
    reason: "git push origin :<branch> deletes that branch on the remote, for everyone",
  },
  {
    id: "git-branch-force",
    command: "git",
    subcommand: "branch",
    flags: FORCE,
    unless: { flags: ["-d", "--delete"] },
    reason: "git branch --force moves an existing branch, and the commits only it held are left behind",
  },
  {
    id: "git-tag-delete",
    command: "git",
    subcommand: "tag",
    flags: ["-d", "--delete"],
    reason: "git tag -d deletes a tag; a release may point at it",
  },
  {
    id: "git-abort",
    command: "git",
    subcommand: ["rebase", "merge", "cherry-pick", "revert", "am"],
    flags: ["--abort"],
    reason: "--abort throws away the conflict resolutions of the merge or rebase in progress; git status shows them",
  },
  {
    id: "git-history-rewrite",
    command: ["git", "git-filter-repo"],
    subcommand: ["filter-branch", "filter-repo"],
    reason: "This rewrites every commit of the history, and pushing it rewrites everyone's; work on a clone first",
  },
  {
    id: "docker-remove-force",
    command: ["docker", "podman"],
    subcommand: ["rm", "rmi", "container rm", "image rm"],
    flags: FORCE,
    reason: "docker rm -f stops and deletes a running container (rmi -f an image in use); stop it first",
  },
  {
    id: "awk-runs-command",
    command: ["awk", "gawk", "nawk", "mawk"],
    args: ["*system(*", "*| getline*", "*|getline*", '*| "*', '*|"*', "*|&*"],
    reason:
      "This awk program starts other commands (system(), a pipe), which hookgate cannot read; run those commands directly so the guard can check them",
  },
  {
    id: "configured-command",
    command: "*",
    via: CONFIGURED_PROGRAMS,
    reason:
      "git runs this program from the environment or its configuration (an ssh command, a credential helper, a ! alias), out of sight of whoever reads the line; run it directly, or confirm it is what you mean",
  },
  {
    id: "code-deletes-outside-project",
    command: ["rm", "rmdir", "unlink"],
    via: CODE_DELETE,
    paths: [...BEYOND_PROJECT],
    reason:
      "This script deletes files outside the project and temp directories (or /, your home directory or the project root), out of sight in its code; delete them with rm on the line, or confirm it is what you mean",
  },
  {
    id: "code-deletes-tree",
    command: "rm",
    via: CODE_DELETE,
    allFlags: [RECURSIVE],
    reason:
      "This script deletes a folder tree, out of sight in its code; run rm -rf on the path so the guard can check it, or confirm it is what you mean",
  },
  {
    id: "interpreter-recursive-delete",
    command: INTERPRETERS,
    flags: ["-c", "-e", "-E", "--eval", "-p", "--print"],
    args: ["*rmtree*", "*rm_rf*", "*rm_r(*", "*rmSync*", "*rmdirSync*", "*remove_tree*", "*removedirs*"],
    reason:
      "This one-line script deletes a folder tree, and hookgate cannot tell which; run rm -rf on the path so the guard can check it",
  },
];

/**
 * The `destructive` rule set.
 *
 * @example Usage
 * ```ts
 * import { DESTRUCTIVE } from "./destructive.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(DESTRUCTIVE.deny.some((rule) => typeof rule !== "string" && rule.id === "git-reset-hard"), true);
 * ```
 */
export const DESTRUCTIVE: RuleSet = {
  name: "destructive",
  description:
    "Refuses commands that destroy work or data (rm -rf outside the project, git reset --hard, force pushes, dd to a disk, …) and asks before the ones a user would rather confirm",
  deny: DENY,
  ask: ASK,
  allow: [],
};
