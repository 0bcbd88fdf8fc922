/**
 * `lab plan --json`: the plan as one JSON document, with what it was planned
 * for (README, "plan --json", documents every field).
 */
import type { PlanRequest, PlanResult } from '../plan/types';

/**
 * What a plan was asked, as `plan --json` echoes it: the traffic (rate,
 * lengths, and the trace: where from, its slice, its requests and mean rate,
 * the speed it was replayed at) and the levers query (null when none).
 */
export function plannedFor(req: PlanRequest) {
  const t = req.trace;
  return {
    ratePerSec: req.ratePerSec,
    promptTokens: req.promptTokens,
    outputTokens: req.outputTokens,
    trace: t ? { source: t.source, builtIn: t.builtIn !== undefined, window: { fromS: t.window.fromS, toS: t.window.toS }, requests: t.sendS.length, meanRatePerSec: t.meanRatePerSec, speed: req.ratePerSec / t.meanRatePerSec } : null,
    levers: req.levers ?? null,
  };
}

/** The plan as `plan --json` prints it (`planned`: what it was asked, `plannedFor`). */
export function planJson(req: PlanRequest, r: PlanResult, elapsedS: number) {
  const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    planned: plannedFor(req),
    evaluated: r.evaluated,
    elapsedS: round(elapsedS, 2),
    cancelled: r.cancelled,
    refused: r.refused,
    pruned: r.pruned,
    rangeRuns: r.rangeRuns,
    configs: r.configs.map((c) => ({
      model: c.model, gpu: c.gpu, precision: c.precision, tp: c.tp, replicas: c.replicas, prefillGpus: (c.disaggregated?.prefillInstances ?? 0) * c.tp, decodeGpus: (c.disaggregated?.decodeInstances ?? 0) * c.tp, engine: c.engine,
      gpus: c.gpus, sustainedReqPerSec: round(c.sustainedReqPerSec), meets: c.meets, headroom: round(c.headroom), goodputPerGpu: round(c.goodputPerGpu, 4),
      ttftP90Ms: round(c.ttftP90Ms, 1), tpotP90Ms: round(c.tpotP90Ms, 2), inTimeShare: round(c.inTimeShare, 4),
      costPerHour: c.costPerHour === null ? null : round(c.costPerHour, 2), nearKnee: c.nearKnee, kneeReasons: c.kneeReasons,
      ranges: c.ranges && {
        ttftP90Ms: c.ranges.ttftP90Ms.map((x) => round(x, 1)), tpotP90Ms: c.ranges.tpotP90Ms.map((x) => round(x, 2)), inTimeShare: c.ranges.inTimeShare.map((x) => round(x, 4)),
        crosses: c.ranges.crosses, hangsOn: c.ranges.hangsOn,
        sensitivity: c.ranges.sensitivity.map((x) => ({ input: x.input, value: round(x.value, 4), meets: x.meets, ttftP90Ms: round(x.ttftP90Ms, 1), tpotP90Ms: round(x.tpotP90Ms, 2), inTimeShare: round(x.inTimeShare, 4) })),
        runs: c.ranges.runs,
      },
      predict: c.predict, link: `?${c.link}`,
    })),
  };
}
