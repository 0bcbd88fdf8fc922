/** Min-heap of (time in seconds, id) with ties broken by id, so pops are deterministic. */
export class TimeHeap {
  private readonly times: number[] = [];
  private readonly ids: number[] = [];

  get size(): number {
    return this.times.length;
  }

  /** Earliest time, or Infinity when empty. */
  peekTime(): number {
    return this.times.length ? this.times[0] : Infinity;
  }

  push(time: number, id: number): void {
    this.times.push(time);
    this.ids.push(id);
    let i = this.times.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes and returns the id with the earliest time. */
  pop(): number {
    const top = this.ids[0];
    const lastTime = this.times.pop()!;
    const lastId = this.ids.pop()!;
    if (this.times.length > 0) {
      this.times[0] = lastTime;
      this.ids[0] = lastId;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.times.length && this.less(l, m)) m = l;
        if (r < this.times.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    return this.times[a] < this.times[b] || (this.times[a] === this.times[b] && this.ids[a] < this.ids[b]);
  }

  // Temporaries, not a destructuring swap: a cold page's first run does thousands of these in
  // V8's baseline tier, where a destructuring builds an array and walks it with an iterator.
  private swap(a: number, b: number): void {
    const t = this.times[a];
    this.times[a] = this.times[b];
    this.times[b] = t;
    const id = this.ids[a];
    this.ids[a] = this.ids[b];
    this.ids[b] = id;
  }
}
