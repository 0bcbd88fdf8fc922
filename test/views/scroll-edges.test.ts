import { describe, expect, it } from 'vitest';
import { scrollEdges, scrollStep } from '../../src/views/layout/scrollEdges';

describe('the section nav scroll cue', () => {
  it('shows nothing when the links fit (or overflow by less than a pixel)', () => {
    expect(scrollEdges(0, 800, 800)).toEqual({ before: false, after: false });
    expect(scrollEdges(0, 800.5, 800)).toEqual({ before: false, after: false });
  });

  it('says which ends hide links: at the start, in the middle, at the end', () => {
    // 793 px of links in a 228 px list (a 360 px phone): 565 px to scroll.
    expect(scrollEdges(0, 793, 228)).toEqual({ before: false, after: true });
    expect(scrollEdges(300, 793, 228)).toEqual({ before: true, after: true });
    expect(scrollEdges(565, 793, 228)).toEqual({ before: true, after: false });
    // A subpixel short of the end counts as the end.
    expect(scrollEdges(564.5, 793, 228)).toEqual({ before: true, after: false });
  });

  it('steps about three quarters of a view, and never past either end', () => {
    expect(scrollStep(0, 793, 228, 1)).toBe(171);
    expect(scrollStep(500, 793, 228, 1)).toBe(565);
    expect(scrollStep(100, 793, 228, -1)).toBe(0);
    expect(scrollStep(0, 793, 228, -1)).toBe(0);
    // A very narrow list still moves by at least 40 px.
    expect(scrollStep(0, 400, 30, 1)).toBe(40);
    // Nothing to scroll: stays at 0.
    expect(scrollStep(0, 200, 300, 1)).toBe(0);
  });
});
