/**
 * When an instance had requests waiting on a limit, kept as intervals so a
 * run's limit shares can be measured over the same span as its metrics.
 */
import type { LimitTime } from '../runTypes';

/** Blocked intervals of one instance, seconds of server time; touching intervals of one kind are merged. */
export class BlockedTime {
  /** Seconds blocked over the whole run, summed in the order the iterations ran. */
  readonly total: LimitTime = { batchS: 0, memoryS: 0 };
  private readonly startS: number[] = [];
  private readonly endS: number[] = [];
  private readonly memory: boolean[] = [];

  /** Notes that requests waited on `kind` from `startS` to `endS`. */
  add(kind: 'batch' | 'memory', startS: number, endS: number): void {
    if (kind === 'batch') this.total.batchS += endS - startS;
    else this.total.memoryS += endS - startS;
    const last = this.endS.length - 1;
    if (last >= 0 && this.endS[last] === startS && this.memory[last] === (kind === 'memory')) this.endS[last] = endS;
    else {
      this.startS.push(startS);
      this.endS.push(endS);
      this.memory.push(kind === 'memory');
    }
  }

  /** Seconds blocked inside [fromS, toS]: never more than toS − fromS for either limit. */
  within(fromS: number, toS: number): LimitTime {
    const out: LimitTime = { batchS: 0, memoryS: 0 };
    for (let i = 0; i < this.startS.length; i++) {
      const overlap = Math.min(this.endS[i], toS) - Math.max(this.startS[i], fromS);
      if (overlap <= 0) continue;
      if (this.memory[i]) out.memoryS += overlap;
      else out.batchS += overlap;
    }
    return out;
  }
}

/** A cluster's limits: the mean over instances of the time each had requests waiting on each limit (one instance: its own). */
export function meanLimits(each: readonly LimitTime[]): LimitTime {
  if (each.length === 1) return each[0];
  let batchS = 0;
  let memoryS = 0;
  for (const l of each) {
    batchS += l.batchS;
    memoryS += l.memoryS;
  }
  return { batchS: batchS / each.length, memoryS: memoryS / each.length };
}
