import { describe, expect, it } from 'vitest';
import { embedModeOf, fullPageUrl } from '../../src/views/embed/embedMode';

describe('?embed=', () => {
  it.each(['timeline', 'curve', 'cards', 'lab', 'LAB', ' curve '])('%s is a view', (v) => {
    const m = embedModeOf(`?embed=${encodeURIComponent(v)}`);
    expect(m).toEqual({ kind: 'view', view: v.trim().toLowerCase() });
  });
  it('absent means the full page', () => {
    expect(embedModeOf('?workload=chat')).toEqual({ kind: 'none' });
  });
  it.each(['', 'sidebar', 'timeline,curve', '<script>'])('"%s" falls back to the full page with a notice naming it', (v) => {
    const m = embedModeOf(`?embed=${encodeURIComponent(v)}`);
    expect(m.kind).toBe('invalid');
    if (m.kind === 'invalid') {
      expect(m.notice).toContain(`"${v}"`);
      expect(m.notice).toMatch(/full page/);
    }
  });
  it('the full-page link keeps the settings and drops embed', () => {
    expect(fullPageUrl('http://127.0.0.1:4173/?workload=report&embed=timeline&seed=3')).toBe('http://127.0.0.1:4173/?workload=report&seed=3');
  });
});

describe('a typo in an embed value gets a guess', () => {
  it('"timline" suggests timeline', () => {
    const m = embedModeOf('?embed=timline');
    expect(m.kind === 'invalid' && m.notice).toMatch(/did you mean timeline\?/);
  });
});

