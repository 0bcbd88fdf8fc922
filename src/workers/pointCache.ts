import type { SweepPoint } from '../engine/sweep';
import type { Settings } from '../settings/schema';

/**
 * Sweep points by scenario and load value. A sweep does not depend on the
 * current users or rate (only on everything else), so dragging the users
 * slider reuses the whole curve. Least recently used points are evicted.
 */
export class PointCache {
  private readonly map = new Map<string, SweepPoint>();
  constructor(private readonly capacity = 400) {}

  static key(settings: Settings, axis: 'users' | 'rate', value: number, window: 'all' | 'steady' = 'steady'): string {
    return `${JSON.stringify({ ...settings, users: null, rate: null })}|${axis}:${value}|${window}`;
  }

  get(key: string): SweepPoint | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  set(key: string, point: SweepPoint): void {
    this.map.delete(key);
    this.map.set(key, point);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }
}
