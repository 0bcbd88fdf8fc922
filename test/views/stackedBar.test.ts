import { describe, expect, it } from 'vitest';
import { layoutStackedBar } from '../../src/views/chart/stackedBar';

const part = (key: string, size: number, style?: 'solid' | 'outline') => ({ key, size, label: `${key} ${size}`, fill: 'decode' as const, text: 'muted' as const, style });

describe('the stacked bar both memory views draw', () => {
  it('cuts the bar in proportion to size out of the larger of the total and the sum, keeping each part\'s style', () => {
    const l = layoutStackedBar([part('a', 10), part('b', 30, 'outline')], 80, { widthPx: 408, barHeightPx: 20 });
    const span = l.bar.rightPx - l.bar.leftPx;
    expect(l.segments.map((s) => [s.key, s.style])).toEqual([['a', 'solid'], ['b', 'outline']]);
    expect((l.segments[0].x1Px - l.segments[0].x0Px) / span).toBeCloseTo(10 / 80, 6);
    expect(l.segments[1].x0Px).toBeCloseTo(l.segments[0].x1Px, 6);
    expect((l.segments[1].x1Px - l.segments[1].x0Px) / span).toBeCloseTo(30 / 80, 6);
    // A total smaller than the parts cannot squeeze them past the bar's end.
    const over = layoutStackedBar([part('a', 10), part('b', 30)], 5, { widthPx: 408, barHeightPx: 20 });
    expect(over.total).toBe(40);
    expect(over.segments[1].x1Px).toBeCloseTo(over.bar.rightPx, 6);
  });

  it('a sliver gets 2 px for its label; bad sizes draw nothing and never NaN', () => {
    const l = layoutStackedBar([part('big', 1e12), part('tiny', 1), part('bad', Number.NaN), part('neg', -3)], Number.POSITIVE_INFINITY, { widthPx: Number.NaN, barHeightPx: 20 });
    expect(l.segments.map((s) => s.key)).toEqual(['big', 'tiny']);
    const tiny = l.segments[1];
    expect(tiny.x1Px - tiny.x0Px).toBeGreaterThan(0);
    for (const s of l.segments) for (const v of [s.x0Px, s.x1Px, s.labelXPx, s.labelYPx]) expect(Number.isFinite(v)).toBe(true);
    expect(Number.isFinite(l.heightPx) && Number.isFinite(l.widthPx)).toBe(true);
  });

  it('labels that would collide go to lower rows, with a leader to their part', () => {
    const l = layoutStackedBar([part('first part with a long label', 1), part('second part with a long label', 1), part('third', 98)], 100, { widthPx: 320, barHeightPx: 20 });
    const rows = new Set(l.segments.map((s) => s.labelYPx));
    expect(rows.size).toBeGreaterThan(1);
    for (const s of l.segments) expect(s.leader === null).toBe(s.labelYPx === Math.min(...rows));
    expect(l.heightPx).toBeGreaterThan(Math.max(...rows));
  });
});
