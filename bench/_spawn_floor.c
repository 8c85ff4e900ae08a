/* The floor for a command hook: posix_spawn the program with stdin and
 * stdout piped, write the payload, read the answer, wait. Run N times.
 *   spawn_floor N PROGRAM PAYLOAD */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]);
  const char *payload = argv[3];
  size_t len = strlen(payload);
  char buf[65536];
  for (int i = 0; i < n; i++) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return 1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    pid_t pid;
    char *args[] = {argv[2], NULL};
    if (posix_spawnp(&pid, argv[2], &fa, NULL, args, environ)) return 1;
    close(in[0]);
    close(out[1]);
    if (write(in[1], payload, len) < 0) return 1;
    if (write(in[1], "\n", 1) < 0) return 1;
    close(in[1]);
    while (read(out[0], buf, sizeof buf) > 0) {}
    close(out[0]);
    int status;
    waitpid(pid, &status, 0);
    posix_spawn_file_actions_destroy(&fa);
  }
  return 0;
}
