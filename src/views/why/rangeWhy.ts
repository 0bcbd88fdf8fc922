/** The why panel's words on what a prediction's range is made of. Pure. */
import { FRONTEND_FLOOR_MS } from '../../engine/uncertainty/edges';
import type { InputSensitivity, MetricRanges, PredictionSpreads } from '../../engine/uncertainty';
import { formatCount, formatMs } from '../common/format';

/** One line of the explanation. */
export interface RangeLine {
  key: string;
  text: string;
}

const pct = (m: number) => `${m >= 1 ? '+' : '−'}${Math.round(Math.abs(m - 1) * 100)}%`;

/** What each input means, at its two ends. */
function endsText(sp: PredictionSpreads): string {
  return `KV memory ${pct(sp.kvCapacity[0])} to ${pct(sp.kvCapacity[1])}, every step ${pct(sp.stepCost[0])} to ${pct(sp.stepCost[1])}, the part of each step that prefills prompts ${pct(sp.prefillCost[0])} to ${pct(sp.prefillCost[1])} (a step with no prompt in it keeps its cost), and a front end taking ${sp.frontend[0]}× to ${sp.frontend[1]}× its time per request (${FRONTEND_FLOOR_MS} ms where the scenario has none, so 0 to ${formatMs(sp.frontend[1] * FRONTEND_FLOOR_MS)})`;
}

function sensitivityText(x: InputSensitivity): string {
  const [a, b] = x.ttftMs;
  if (x.input === 'kvCapacity') return `KV capacity alone (${formatCount(x.ends[0])} to ${formatCount(x.ends[1])} tokens): mean TTFT ${formatMs(a)} to ${formatMs(b)}`;
  if (x.input === 'stepCost') return `step cost alone (×${x.ends[0]} to ×${x.ends[1]}): mean TTFT ${formatMs(a)} to ${formatMs(b)}`;
  if (x.input === 'prefillCost') return `prefill cost alone (×${x.ends[0]} to ×${x.ends[1]} on what prompts add to a step): mean TTFT ${formatMs(a)} to ${formatMs(b)}`;
  return `front end alone (${formatMs(x.ends[0])} to ${formatMs(x.ends[1])} per request): mean TTFT ${formatMs(a)} to ${formatMs(b)}`;
}

/**
 * The explanation: how the range was made, from which spreads and source, and
 * which input moves TTFT most here. `note` (no ranges: the lesson or custom
 * server, or ranges off) replaces it all.
 */
export function rangeExplanation(note: string | null, ranges: MetricRanges | null, spreads: PredictionSpreads | null, sensitivity: readonly InputSensitivity[] | null): RangeLine[] {
  if (note !== null) return [{ key: 'none', text: note }];
  if (!ranges || !spreads) return [{ key: 'pending', text: 'Running the same scenario at the edges of what the lab is unsure of…' }];
  const lines: RangeLine[] = [
    {
      key: 'how',
      text: `The range is not a margin added on: the lab ran this scenario again, same seed and same requests, with ${endsText(spreads)}, all at the end that makes TTFT lowest and then all at the end that makes it highest. Here median TTFT is ${formatMs(ranges.ttftMs.p50[0])} to ${formatMs(ranges.ttftMs.p50[1])} and median TPOT ${formatMs(ranges.tpotMs.p50[0])} to ${formatMs(ranges.tpotMs.p50[1])}.`,
    },
    { key: 'source', text: `Where the spreads come from: ${spreads.source}.` },
  ];
  if (sensitivity === null) lines.push({ key: 'sensitivity', text: 'Which input matters most here: running each alone…' });
  else {
    const [top, ...rest] = sensitivity;
    lines.push({ key: 'sensitivity', text: `Which input matters most here: ${sensitivityText(top)}; then ${rest.map(sensitivityText).join('; ')}.` });
  }
  return lines;
}
