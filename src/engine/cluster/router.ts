/**
 * A least-outstanding-requests balancer (Envoy's and NGINX's `least_conn`,
 * what vLLM's production stack and most LLM gateways default to): each new
 * request goes to the instance with the fewest requests routed to it and not
 * yet gone; ties go to the lowest index, so runs stay reproducible.
 */
export class LeastOutstanding {
  private readonly outstanding: number[];

  constructor(
    /** Index of the first instance this balancer owns in the cluster. */
    private readonly first: number,
    count: number,
  ) {
    this.outstanding = new Array<number>(count).fill(0);
  }

  /** Picks an instance (a cluster index) for a new request and counts it there. */
  pick(): number {
    let best = 0;
    for (let i = 1; i < this.outstanding.length; i++) if (this.outstanding[i] < this.outstanding[best]) best = i;
    this.outstanding[best]++;
    return this.first + best;
  }

  /** A request left instance `index` (finished, rejected or handed on). */
  done(index: number): void {
    this.outstanding[index - this.first]--;
  }
}
