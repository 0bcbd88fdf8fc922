import { fmtMs, fmtReqPerSec, fmtTokens, fmtTokPerSec } from '../../lesson/format';
import type { LiveNumbers, MetricId } from '../../lesson/types';

/** How the panel names each readout when it asks the student to watch it. */
export const METRIC_NAMES: Record<MetricId, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  e2e: 'End to end (E2E)',
  'output-tokens': 'Output tokens',
  'system-throughput': 'System throughput',
  'user-throughput': 'Per-user pace',
  goodput: 'Goodput',
  verdict: 'SLO verdict',
};

/** The value of a watched readout, formatted as the cards format it. */
export function watchValue(metric: MetricId, live: LiveNumbers): string {
  switch (metric) {
    case 'ttft':
      return fmtMs(live.ttftMs);
    case 'tpot':
      return fmtMs(live.tpotMs);
    case 'e2e':
      return fmtMs(live.e2eMs);
    case 'output-tokens':
      return fmtTokens(live.outputTokens);
    case 'system-throughput':
      return fmtTokPerSec(live.systemTokPerSec);
    case 'user-throughput':
      return fmtTokPerSec(live.userTokPerSec);
    case 'goodput':
      return fmtReqPerSec(live.goodputReqPerSec);
    case 'verdict':
      return live.metSlo ? 'met' : 'missed';
  }
}
