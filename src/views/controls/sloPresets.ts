/** SLO presets per use case: targets on TTFT and TPOT, ms. */
export interface SloPreset {
  id: 'autocomplete' | 'voice' | 'chat' | 'batch';
  label: string;
  ttftMs: number;
  tpotMs: number;
}

/**
 * Autocomplete must appear while you type; a voice reply must start before a
 * pause feels awkward; a chat reply should start within half a second; a
 * batch job only needs to finish. Interactive TPOT targets of 50 ms (20 tok/s)
 * stay well ahead of reading; voice only needs to beat speech.
 */
export const SLO_PRESETS: readonly SloPreset[] = [
  { id: 'autocomplete', label: 'Autocomplete', ttftMs: 100, tpotMs: 50 },
  { id: 'voice', label: 'Voice', ttftMs: 300, tpotMs: 100 },
  { id: 'chat', label: 'Chat', ttftMs: 500, tpotMs: 50 },
  { id: 'batch', label: 'Batch', ttftMs: 10_000, tpotMs: 200 },
];

/** The preset matching both targets, or null. */
export function presetOf(ttftMs: number | null, tpotMs: number | null): SloPreset['id'] | null {
  return SLO_PRESETS.find((p) => p.ttftMs === ttftMs && p.tpotMs === tpotMs)?.id ?? null;
}
