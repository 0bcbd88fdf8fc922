import { TimeHeap } from './heap';

/**
 * The server's front door. Requests reach it over the network; when the
 * scenario gives the front end a cost (`Scenario.frontendMs`: HTTP parsing,
 * chat template, tokenizer, handing the request to the engine), they then
 * pass through it one at a time, in the order they arrived, before the
 * scheduler sees them. A closed loop's users who finish together come back
 * together; a serial front end hands their requests on one after another
 * instead of as one burst, which is how a real server spreads a wave out.
 * With no cost a request reaches the scheduler the moment it arrives, and the
 * order of events is exactly that of a plain time-ordered queue.
 */
export class FrontEnd {
  private readonly atDoor = new TimeHeap();
  /** Requests through the front end, in order; their exit times never decrease. */
  private readonly passedS: number[] = [];
  private readonly passedIds: number[] = [];
  private head = 0;
  private freeS = 0;

  /** `serviceS`: seconds the front end spends on each request (0 = none). */
  constructor(private readonly serviceS: number) {}

  /** A request reaches the server at `atS`. */
  push(atS: number, id: number): void {
    this.atDoor.push(atS, id);
  }

  /** True when the front end costs nothing: then `horizonS()` is always `nextS()`. */
  get instant(): boolean {
    return this.serviceS <= 0;
  }

  private passedHeadS(): number {
    return this.head < this.passedS.length ? this.passedS[this.head] : Infinity;
  }

  /** Time of the next event here: a request arriving, or one leaving the front end for the scheduler; Infinity when none. */
  nextS(): number {
    return this.serviceS > 0 ? Math.min(this.atDoor.peekTime(), this.passedHeadS()) : this.atDoor.peekTime();
  }

  /** Earliest time the next request can reach the scheduler (a decode run may stop there for it). */
  horizonS(): number {
    return this.serviceS > 0 ? Math.min(this.passedHeadS(), this.atDoor.peekTime() + this.serviceS) : this.atDoor.peekTime();
  }

  /**
   * Handles the event at `nextS()`. Returns the request that reaches the
   * scheduler and when, or null when a request only entered the front end.
   * An arrival is handled before a departure at the same time.
   */
  step(): { id: number; atS: number } | null {
    if (this.serviceS <= 0) {
      const atS = this.atDoor.peekTime();
      return { id: this.atDoor.pop(), atS };
    }
    const arrivalS = this.atDoor.peekTime();
    if (arrivalS <= this.passedHeadS()) {
      const id = this.atDoor.pop();
      this.freeS = Math.max(arrivalS, this.freeS) + this.serviceS;
      this.passedS.push(this.freeS);
      this.passedIds.push(id);
      return null;
    }
    const out = { id: this.passedIds[this.head], atS: this.passedS[this.head] };
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.passedS.length) {
      this.passedS.splice(0, this.head);
      this.passedIds.splice(0, this.head);
      this.head = 0;
    }
    return out;
  }
}
