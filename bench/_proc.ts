// What a process holds, read from /proc (Linux): open descriptors, and the
// processes it answers for — its descendants, plus any process whose
// command line carries a marker (a hook's grandchild that was orphaned and
// re-parented to init is no descendant any more, but still carries it).

/** Open file descriptors of `pid`. */
export function openDescriptors(pid: number | "self"): number {
  let count = 0;
  for (const _ of Deno.readDirSync(`/proc/${pid}/fd`)) count++;
  // Reading /proc/self/fd opens one descriptor for the listing itself.
  return pid === "self" ? count - 1 : count;
}

/** Live (not zombie) descendants of `pid`, and other processes whose command line contains `marker`. */
export function processesOf(pid: number, marker: string): number {
  const children = new Map<number, number[]>();
  const marked = new Set<number>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const id = Number(entry.name);
    let stat: string;
    let command: string;
    try {
      stat = Deno.readTextFileSync(`/proc/${id}/stat`);
      command = Deno.readTextFileSync(`/proc/${id}/cmdline`);
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z") continue;
    const list = children.get(Number(parent)) ?? [];
    list.push(id);
    children.set(Number(parent), list);
    if (id !== Deno.pid && command.includes(marker)) marked.add(id);
  }
  const found = new Set<number>(marked);
  const queue = [pid];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const child of children.get(id) ?? []) {
      found.add(child);
      queue.push(child);
    }
  }
  return found.size;
}
