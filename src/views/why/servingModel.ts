/**
 * What the "why" panel says about the scheduler in force: whose defaults they
 * are, what each setting trades, whether the step costs were fitted to this
 * engine, and what this run's admission did (queueing, preemptions). Pure
 * text from the resolved serving settings and the run's numbers.
 */
import type { ResolvedServing } from '../../engine/engines/resolve';
import type { RunMetrics } from '../../engine/types';
import { formatCount } from '../common/format';

/** One explanation line, with a key for tests and lists. */
export interface ServingLine {
  key: 'scheduler' | 'batch' | 'budget' | 'admission' | 'costs' | 'run';
  text: string;
}

const budgetText = (r: ResolvedServing): string =>
  r.tokenBudget === null ? (r.chunkedPrefill ? `${formatCount(r.chunkBudgetTokens)} tokens per step` : 'no token limit per step (whole prompts at once)') : `${formatCount(r.tokenBudget)} tokens per step`;

/** The scheduler and its trade-offs in a few sentences, and this run's admission in one. */
export function servingExplanation(
  r: ResolvedServing,
  server: 'lesson' | 'hardware' | 'custom',
  run: Pick<RunMetrics, 'preemptions' | 'recomputedTokens'> & { peakBatch: number; memoryLimitedShare: number; batchLimitedShare: number } | null,
): ServingLine[] {
  const whose = r.engine ? `${r.engine.version}'s defaults` : 'the lab\'s default scheduler (no engine chosen)';
  const set = Object.entries(r.from).filter(([, o]) => o === 'explicit').map(([k]) => k);
  const lines: ServingLine[] = [
    {
      key: 'scheduler',
      text:
        `Scheduling follows ${whose}${set.length ? `, with ${set.join(', ')} set here` : ''}: ${r.admission} admission, at most ${formatCount(r.maxBatch)} requests at once, ` +
        `${budgetText(r)}, prefill ${r.chunkedPrefill ? 'in chunks' : 'whole'}${r.mixedBatches ? (r.chunkedPrefill ? ' mixed with decoding' : '') : ', in steps of its own while decoding requests wait'}.`,
    },
    {
      key: 'batch',
      text:
        `A bigger batch limit lets more requests share each step: the GPU reads the weights once for all of them, so throughput rises, but each step does more work, so every token comes slower, and the queue forms later. ` +
        `A smaller one keeps tokens quick and sends the excess to the queue sooner.`,
    },
    {
      key: 'budget',
      text:
        `The token budget caps what one step carries. A long prompt prefilled at once stalls every decoding request for that step (their next token waits); ` +
        `chunked prefill spreads it over several steps, so others keep their pace and the long prompt's first token comes later.`,
    },
    {
      key: 'admission',
      text:
        r.admission === 'paged'
          ? 'Paged admission hands out KV memory as tokens are produced, so more requests fit and fewer wait; when the cache runs out, the newest running request is evicted and recomputed later, and its stream stalls.'
          : 'Reserve admission holds each request\'s whole KV footprint (prompt + output) from the start: nothing is ever evicted, but fewer requests fit, so the rest wait in the queue.',
    },
    {
      key: 'costs',
      text:
        server === 'lesson'
          ? 'The lesson server\'s step times are illustrative; an engine choice changes its scheduler, not its costs.'
          : server === 'custom'
            ? 'The custom server\'s time to first token and pace are given, not derived; an engine choice changes its scheduler, not its costs.'
          : r.engine && !r.engine.efficiency.fitted
            ? `${r.engine.label}: ${r.engine.efficiency.note}`
            : 'Step costs come from the roofline fitted to TensorRT-LLM measurements (the engine of every row in the calibration data), including 355 runs under load.',
    },
  ];
  // A custom server's pace does not depend on its batch: the batch trade-off does not apply to it.
  if (server === 'custom') lines.splice(lines.findIndex((l) => l.key === 'batch'), 1);
  if (run) {
    const parts = [`This run's batch peaked at ${formatCount(run.peakBatch)}`];
    if (run.memoryLimitedShare >= 0.05) parts.push(`requests waited for KV memory ${Math.round(run.memoryLimitedShare * 100)}% of the time`);
    if (run.batchLimitedShare >= 0.05) parts.push(`waited for a batch slot ${Math.round(run.batchLimitedShare * 100)}% of the time`);
    const p = run.preemptions ?? 0;
    if (p > 0) parts.push(`${formatCount(p)} preemption${p === 1 ? '' : 's'} recomputed ${formatCount(run.recomputedTokens ?? 0)} tokens`);
    else if (r.admission === 'paged') parts.push('nothing was preempted');
    lines.push({ key: 'run', text: `${parts.join('; ')}.` });
  }
  return lines;
}
