// Durations kept as a log-bucketed histogram: percentiles within ~5 % in
// constant memory, however many steps a replay runs.

/** Bucket i holds durations in [BASE·RATIO^i, BASE·RATIO^(i+1)) milliseconds. */
const BASE_MS = 0.001;
const RATIO = 1.1;
const BUCKETS = 220; // 1 µs · 1.1^220 ≈ 1 300 s: past the 10 min deadline.
const LOG_RATIO = Math.log(RATIO);

export class DurationHistogram {
  #counts = new Uint32Array(BUCKETS);
  #total = 0;

  add(ms: number): void {
    const index = ms <= BASE_MS ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log(ms / BASE_MS) / LOG_RATIO));
    this.#counts[index]!++;
    this.#total++;
  }

  /** The duration below which a fraction `q` of the samples fall (the bucket's middle); 0 when empty. */
  percentile(q: number): number {
    if (this.#total === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.#total));
    let seen = 0;
    for (let index = 0; index < BUCKETS; index++) {
      seen += this.#counts[index]!;
      if (seen >= rank) return BASE_MS * RATIO ** (index + 0.5);
    }
    return BASE_MS * RATIO ** BUCKETS;
  }
}
