/**
 * Latency targets per use case, from the lesson: a code completion has to
 * appear while you type (TTFT under about 100 ms), a voice reply must start
 * before a pause feels awkward (about 300 ms), a chat reply within half a
 * second; for a batch summary or a report nobody watches the first token, so
 * seconds are fine. TPOT targets: 50 ms (20 tok/s) stays well ahead of
 * reading; a voice reply only has to beat speech (100 ms); a report streamed
 * to a reader only has to keep ahead of them (200 ms = 5 tok/s).
 */

/** A named pair of targets. */
export interface TargetPreset {
  id: 'autocomplete' | 'voice' | 'chat' | 'batch';
  label: string;
  /** TTFT target, ms. */
  ttftMs: number;
  /** TPOT target, ms. */
  tpotMs: number;
}

export const TARGET_PRESETS: readonly TargetPreset[] = [
  { id: 'autocomplete', label: 'Autocomplete', ttftMs: 100, tpotMs: 50 },
  { id: 'voice', label: 'Voice', ttftMs: 300, tpotMs: 100 },
  { id: 'chat', label: 'Chat', ttftMs: 500, tpotMs: 50 },
  { id: 'batch', label: 'Batch or report', ttftMs: 10_000, tpotMs: 200 },
];

/**
 * The targets each workload carries while the user has not set their own.
 * Custom lengths are judged as a chat reply, the lab's default use case.
 */
export const WORKLOAD_TARGETS: Readonly<Record<string, TargetPreset['id']>> = {
  autocomplete: 'autocomplete',
  chat: 'chat',
  summarize: 'batch',
  report: 'batch',
  custom: 'chat',
};

/** The preset a workload follows (chat for an unknown id). */
export function targetPresetOf(workload: string): TargetPreset {
  const id = WORKLOAD_TARGETS[workload] ?? 'chat';
  return TARGET_PRESETS.find((p) => p.id === id) ?? TARGET_PRESETS[2];
}

/** The TTFT and TPOT targets of a workload, ms. */
export function workloadTargets(workload: string): { ttftSlo: number; tpotSlo: number } {
  const p = targetPresetOf(workload);
  return { ttftSlo: p.ttftMs, tpotSlo: p.tpotMs };
}

/** The preset matching both targets, or null. */
export function presetOf(ttftMs: number | null, tpotMs: number | null): TargetPreset['id'] | null {
  return TARGET_PRESETS.find((p) => p.ttftMs === ttftMs && p.tpotMs === tpotMs)?.id ?? null;
}
