import { fmtMs, fmtReqPerSec, fmtShare, fmtTokens, fmtTokPerSec } from '../../lesson/format';
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
  'ttft-network': 'Network',
  'ttft-queue': 'Queue wait',
  'ttft-prefill': 'Prefill',
  'ttft-p50': 'TTFT median',
  'ttft-p95': 'TTFT p95',
  'tpot-p50': 'TPOT median',
  'tpot-p95': 'TPOT p95',
  'requests-per-sec': 'Requests completed',
  'slo-share': 'Share in time',
  'e2e-p50': 'E2E median',
  'ttft-mean': 'TTFT mean',
  'ttft-p99': 'TTFT p99',
  'all-network': 'Network, average request',
  'all-queue': 'Queue, average request',
  'all-prefill': 'Prefill, average request',
  'tail-network': 'Network, slowest 1%',
  'tail-queue': 'Queue, slowest 1%',
  'tail-prefill': 'Prefill, slowest 1%',
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
    case 'ttft-network':
      return fmtMs(live.parts.networkMs);
    case 'ttft-queue':
      return fmtMs(live.parts.queueMs);
    case 'ttft-prefill':
      return fmtMs(live.parts.prefillMs);
    case 'ttft-p50':
      return fmtMs(live.ttftP50Ms);
    case 'ttft-p95':
      return fmtMs(live.ttftP95Ms);
    case 'tpot-p50':
      return fmtMs(live.tpotP50Ms);
    case 'tpot-p95':
      return fmtMs(live.tpotP95Ms);
    case 'requests-per-sec':
      return fmtReqPerSec(live.requestsPerSec);
    case 'slo-share':
      return fmtShare(live.sloMetShare);
    case 'e2e-p50':
      return fmtMs(live.e2eP50Ms);
    case 'ttft-mean':
      return fmtMs(live.ttftMeanMs);
    case 'ttft-p99':
      return fmtMs(live.ttftP99Ms);
    case 'all-network':
      return fmtMs(live.allParts.networkMs);
    case 'all-queue':
      return fmtMs(live.allParts.queueMs);
    case 'all-prefill':
      return fmtMs(live.allParts.prefillMs);
    case 'tail-network':
      return fmtMs(live.tailParts.networkMs);
    case 'tail-queue':
      return fmtMs(live.tailParts.queueMs);
    case 'tail-prefill':
      return fmtMs(live.tailParts.prefillMs);
  }
}
