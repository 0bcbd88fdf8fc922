/**
 * A double-ended queue on a ring buffer: the waiting line, where arrivals go
 * to the back and preempted requests go back to the front. O(1) at both ends.
 */
export class Deque<T> {
  private buf: (T | undefined)[] = new Array<T | undefined>(16);
  private head = 0;
  private n = 0;

  get length(): number {
    return this.n;
  }

  /** Element `i` from the front (0 = front); undefined when out of range. */
  at(i: number): T | undefined {
    return i >= 0 && i < this.n ? this.buf[(this.head + i) % this.buf.length] : undefined;
  }

  pushBack(x: T): void {
    if (this.n === this.buf.length) this.grow();
    this.buf[(this.head + this.n) % this.buf.length] = x;
    this.n++;
  }

  pushFront(x: T): void {
    if (this.n === this.buf.length) this.grow();
    this.head = (this.head - 1 + this.buf.length) % this.buf.length;
    this.buf[this.head] = x;
    this.n++;
  }

  /** Removes and returns the front element (undefined when empty). */
  popFront(): T | undefined {
    if (this.n === 0) return undefined;
    const x = this.buf[this.head];
    this.buf[this.head] = undefined;
    this.head = (this.head + 1) % this.buf.length;
    this.n--;
    return x;
  }

  private grow(): void {
    const next = new Array<T | undefined>(this.buf.length * 2);
    for (let i = 0; i < this.n; i++) next[i] = this.buf[(this.head + i) % this.buf.length];
    this.buf = next;
    this.head = 0;
  }
}
