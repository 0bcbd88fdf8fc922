import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics, Slo } from '../../engine/types';
import { formatPercent, shareSplit } from '../common/format';
import { verdictFor, type Verdict } from './verdict';

/**
 * The share of a run's completed requests that must meet every target for
 * the run to meet its SLO: SLOs are written on a share of requests (the
 * lesson's "TTFT < 200 ms and TPOT < 50 ms for ≥ 90% of requests"), not on
 * one request. Inclusive: exactly 90% meets it.
 */
export const RUN_MET_SHARE = 0.9;

/** How the drawn request and the run compare: the same story, or two that the verdict must both tell. */
export type RunAgreement = 'both-met' | 'both-missed' | 'request-only' | 'run-only' | 'nothing-completed';

/** The SLO verdict of the drawn request and of the run it belongs to, worded once for every place that shows it. */
export interface RunVerdict {
  /** The drawn request's own verdict; null when no drawn request completed. */
  request: Verdict | null;
  /** Whether at least `RUN_MET_SHARE` of the run's completed requests met every target; null when none completed. */
  runMet: boolean | null;
  agreement: RunAgreement;
  /** The readout `verdict` (public contract: starts with "Met" or "Missed"; the drawn request's, or why there is none). */
  headline: string;
  /**
   * Both verdicts in one sentence when they disagree ("This request met its
   * targets; 39.1% of the run's requests did not."), else null.
   */
  runLine: string | null;
  /** The run's share in time and late, rounded once so the two add to 100% ("60.9%", "39.1%"); null when none completed. */
  inTime: string | null;
  late: string | null;
  /** Short form for the sticky bar: "SLO met", "SLO missed", "Met; 39.1% late" (of the run), "Missed; run 96.2% in time". */
  short: string;
  /** good: both met; bad: both missed (or nothing completed); mixed: they disagree. */
  tone: 'good' | 'bad' | 'mixed';
}

const need = formatPercent(RUN_MET_SHARE);

/**
 * Judges the drawn request (every target, inclusive, as goodput counts) and
 * the run (`metrics.sloMetShare` against `RUN_MET_SHARE`, inclusive). Pure;
 * the banner, the embeds, the sticky bar and the screen-reader summary all
 * word the verdict from it.
 */
export function runVerdictFor(rep: Pick<RequestBreakdown, 'ttftMs' | 'tpotMs' | 'e2eMs'> | null, slo: Slo, metrics: Pick<RunMetrics, 'completed' | 'sloMetShare'>): RunVerdict {
  const completed = metrics.completed > 0 && Number.isFinite(metrics.sloMetShare);
  const request = rep ? verdictFor(rep, slo) : null;
  const split = completed ? shareSplit(metrics.sloMetShare) : null;
  const runMet = completed ? metrics.sloMetShare >= RUN_MET_SHARE : null;
  if (!completed || runMet === null || split === null) {
    return { request, runMet: null, agreement: 'nothing-completed', headline: 'Missed: no request completed', runLine: null, inTime: null, late: null, short: 'SLO missed', tone: 'bad' };
  }
  const base = { request, runMet, inTime: split.met, late: split.missed };
  if (!request) {
    // Requests completed, but not the drawn one (a run cut short before it finished): judge the run alone.
    return {
      ...base,
      agreement: runMet ? 'run-only' : 'both-missed',
      headline: 'Missed: the drawn request did not complete',
      runLine: runMet ? `The drawn request did not complete; ${split.met} of the run's requests met their targets.` : null,
      short: runMet ? `Run met: ${split.met} in time` : 'SLO missed',
      tone: runMet ? 'mixed' : 'bad',
    };
  }
  if (request.met && runMet) return { ...base, agreement: 'both-met', headline: request.headline, runLine: null, short: 'SLO met', tone: 'good' };
  if (!request.met && !runMet) return { ...base, agreement: 'both-missed', headline: request.headline, runLine: null, short: 'SLO missed', tone: 'bad' };
  if (request.met) {
    return {
      ...base,
      agreement: 'request-only',
      headline: request.headline,
      runLine: `This request met its targets; ${split.missed} of the run's requests did not, and an SLO asks for ${need} in time.`,
      short: `Met; ${split.missed} late`,
      tone: 'mixed',
    };
  }
  return {
    ...base,
    agreement: 'run-only',
    headline: request.headline,
    runLine: `This request missed its targets; ${split.met} of the run's requests met theirs, at least the ${need} an SLO asks for.`,
    short: `Missed; run ${split.met} in time`,
    tone: 'mixed',
  };
}
