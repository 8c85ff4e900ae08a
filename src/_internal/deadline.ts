// The deadline scheduler: one wake-up for every pending hook invocation of
// a runner, instead of a timer per call. Each runner owns one, so two
// runners in a process never expire each other's hooks.
//
// Why not setTimeout per invocation: arming and clearing a timer costs
// microseconds, more than everything else the runner does per in-process
// hook. Here a pending invocation is linked into an intrusive list (no
// hashing, no allocation); the single wake-up is re-armed only when a new
// deadline is earlier than the armed one, and it fires at the earliest
// deadline, expires what is due and re-arms for the rest.
//
// Why AbortSignal.timeout as the wake-up: a listener on it keeps the event
// loop alive (a hook that never settles still times out, even when nothing
// else is pending), and removing the listener releases the loop, so an idle
// scheduler never holds a process open. A stale wake-up without a listener is
// inert: it cannot call anything and is not a leaked timer.

/** Something with a deadline that the scheduler expires. */
export interface DeadlineTask {
  /** When to expire, in `Date.now()` milliseconds. */
  readonly deadlineAt: number;
  /** Called once when the deadline passes, unless deleted first. */
  expire(): void;
  /** List links, owned by the scheduler. */
  prevTask: DeadlineTask | null;
  /** List links, owned by the scheduler. */
  nextTask: DeadlineTask | null;
  /** Whether the task is linked, owned by the scheduler. */
  scheduled: boolean;
}

/** Tracks pending deadline tasks behind one wake-up signal. */
export class DeadlineScheduler {
  #head: DeadlineTask | null = null;
  #size = 0;
  #holds = 0;
  #wake: AbortSignal | null = null;
  #wakeAt = Infinity;
  #listening = false;
  #onWake = () => this.#fire();

  /** Pending tasks (for tests and diagnostics). */
  get size(): number {
    return this.#size;
  }

  /** Starts tracking `task`. */
  add(task: DeadlineTask): void {
    if (task.scheduled) return;
    task.scheduled = true;
    task.prevTask = null;
    task.nextTask = this.#head;
    if (this.#head !== null) this.#head.prevTask = task;
    this.#head = task;
    this.#size++;
    const wake = this.#wake;
    if (wake === null || wake.aborted || task.deadlineAt < this.#wakeAt) {
      this.#arm(task.deadlineAt);
    } else if (!this.#listening) {
      wake.addEventListener("abort", this.#onWake);
      this.#listening = true;
    }
  }

  /** Stops tracking `task`; its `expire` will not be called. */
  delete(task: DeadlineTask): void {
    if (!task.scheduled) return;
    this.#unlink(task);
    if (this.#size === 0) this.#idle();
  }

  /** Calls `fn` for every pending task (used on the rare caller abort). */
  forEach(fn: (task: DeadlineTask) => void): void {
    const tasks: DeadlineTask[] = [];
    for (let task = this.#head; task !== null; task = task.nextTask) {
      tasks.push(task);
    }
    for (const task of tasks) fn(task);
  }

  /**
   * Keeps the wake-up listening while tasks come and go, so a chain of
   * hooks does not attach and detach it once per hook. Pair with
   * {@linkcode release}.
   */
  hold(): void {
    this.#holds++;
  }

  /** Ends a {@linkcode hold}. */
  release(): void {
    this.#holds--;
    if (this.#size === 0) this.#idle();
  }

  #unlink(task: DeadlineTask): void {
    task.scheduled = false;
    if (task.prevTask !== null) task.prevTask.nextTask = task.nextTask;
    else this.#head = task.nextTask;
    if (task.nextTask !== null) task.nextTask.prevTask = task.prevTask;
    task.prevTask = null;
    task.nextTask = null;
    this.#size--;
  }

  #idle(): void {
    if (this.#holds > 0 || !this.#listening) return;
    this.#wake?.removeEventListener("abort", this.#onWake);
    this.#listening = false;
  }

  #arm(at: number): void {
    if (this.#listening) this.#wake?.removeEventListener("abort", this.#onWake);
    const wake = AbortSignal.timeout(Math.max(0, at - Date.now()));
    wake.addEventListener("abort", this.#onWake);
    this.#wake = wake;
    this.#wakeAt = at;
    this.#listening = true;
  }

  #fire(): void {
    this.#wake = null;
    this.#wakeAt = Infinity;
    this.#listening = false;
    const now = Date.now();
    let next = Infinity;
    const due: DeadlineTask[] = [];
    for (let task = this.#head; task !== null; task = task.nextTask) {
      if (task.deadlineAt <= now) due.push(task);
      else if (task.deadlineAt < next) next = task.deadlineAt;
    }
    for (const task of due) this.#unlink(task);
    if (next !== Infinity) this.#arm(next);
    for (const task of due) {
      try {
        task.expire();
      } catch {
        // An expiry handler must not stop the others; ours do not throw.
      }
    }
  }
}
