import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { crossingOf, SPEC_CROSSOVER, type CrossoverLine, type SpeedupPoint } from '../../src/lesson/scenes';
import { CrossoverChart } from '../../src/views/lesson/CrossoverChart';
import { layoutCrossover, legendLabel, lineSentence } from '../../src/views/lesson/crossoverLayout';

const users = [1, 2, 4, 8, 16];
const chart = { users, methodIds: ['a', 'b'] };
const lineOf = (id: string, speedups: number[]): CrossoverLine => {
  const points: SpeedupPoint[] = speedups.map((speedup, i) => ({ users: users[i], speedup }));
  return { id, label: id.toUpperCase(), points, ...crossingOf(points) };
};

describe('the crossover chart layout', () => {
  it('hand-worked: a line from 4× down to 0.25× crosses 1× at 4 users, its ring on the 1× line, straight on log-log axes', () => {
    const l = lineOf('a', [4, 2, 1.01, 0.5, 0.25]);
    const layout = layoutCrossover([l], chart, { widthPx: 700 });
    const ring = layout.lines[0].crossing!;
    expect(ring.yPx).toBeCloseTo(layout.breakEven.yPx, 9);
    // 1.01 at 4 users, 0.5 at 8: log 1.01 / (log 1.01 − log 0.5) of the way from 4 to 8.
    const t = Math.log(1.01) / (Math.log(1.01) - Math.log(0.5));
    expect(l.crossingUsers).toBeCloseTo(4 * 2 ** t, 9);
    const [x4, x8] = [layout.lines[0].dots[2].xPx, layout.lines[0].dots[3].xPx];
    expect(ring.xPx).toBeCloseTo(x4 + t * (x8 - x4), 6);
    expect(legendLabel(l, 16)).toBe('A: loss from 8 users');
    expect(lineSentence(l)).toBe('A: 4.00× at 1 user, crosses 1× near 4 users and is a loss from 8 (0.50×).');
  });

  it('a line that never loses has no ring and says so', () => {
    const l = lineOf('b', [3, 2.5, 2, 1.5, 1.2]);
    const layout = layoutCrossover([l], chart, { widthPx: 390 });
    expect(layout.lines[0].crossing).toBeNull();
    expect(layout.legend[0].label).toBe('B: gains up to 16 users');
    expect(layout.sentence).toBe('B: 3.00× at 1 user, still 1.20× at 16: no loss on the chart.');
  });

  it('keeps each method its style by its place in the scene, whichever arrives first', () => {
    const b = lineOf('b', [2, 1, 0.5, 0.4, 0.3]);
    const both = layoutCrossover([lineOf('a', [2, 2, 2, 2, 2]), b], chart, { widthPx: 700 });
    const alone = layoutCrossover([b], chart, { widthPx: 700 });
    expect(alone.lines[0].role).toBe(both.lines[1].role);
    expect(alone.lines[0].dash).toBe(both.lines[1].dash);
    expect(both.lines[0].role).not.toBe(both.lines[1].role);
  });

  it('says how many sweeps are in while some are missing', () => {
    const layout = layoutCrossover([], chart, { widthPx: 700 }, { done: 2, total: 5 });
    expect(layout.sentence).toBe('Sweeping each method over 1 to 16 users: 2 of 5 sweeps done…');
  });

  it('property: every mark is finite and inside the chart, at any width and speedups from 0.05× to 20× (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 1600 }), fc.array(fc.double({ min: 0.05, max: 20, noNaN: true }), { minLength: 5, maxLength: 5 }), (w, s) => {
        const layout = layoutCrossover([lineOf('a', s)], chart, { widthPx: w });
        for (const d of [...layout.lines[0].dots, ...(layout.lines[0].crossing ? [layout.lines[0].crossing] : [])]) {
          expect(Number.isFinite(d.xPx) && Number.isFinite(d.yPx)).toBe(true);
          expect(d.xPx).toBeGreaterThanOrEqual(layout.plot.leftPx - 1e-6);
          expect(d.xPx).toBeLessThanOrEqual(layout.plot.rightPx + 1e-6);
          expect(d.yPx).toBeGreaterThanOrEqual(layout.plot.topPx - 1e-6);
          expect(d.yPx).toBeLessThanOrEqual(layout.plot.bottomPx + 1e-6);
        }
        expect(layout.plot.rightPx).toBeLessThanOrEqual(layout.widthPx);
      }),
      { seed: 19, numRuns: 200 },
    );
  });

  it('renders the scene chart with a ring per crossing and a table for screen readers', () => {
    const html = renderToStaticMarkup(<CrossoverChart spec={SPEC_CROSSOVER} lines={[{ ...lineOf('eagle', [2.6, 1.9, 1.4, 0.9, 0.5]), label: 'EAGLE-2' }]} width={700} />);
    expect(html).toContain('data-method="eagle"');
    expect(html.match(/data-crossing/g)).toHaveLength(1);
    expect(html).toContain('<caption>Speedup of each method at each number of users</caption>');
    expect(html).toContain('EAGLE-2: 2.60× at 1 user');
  });
});
