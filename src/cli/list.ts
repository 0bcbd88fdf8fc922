import { lessonProfile } from '../engine/profiles/lesson';
import { WORKLOADS } from '../engine/workloads';

/** Everything `list` prints: workloads and servers. */
export function listing() {
  const lesson = lessonProfile();
  return {
    workloads: WORKLOADS.map((w) => ({ id: w.id, label: w.label, promptTokens: w.promptTokens, outputTokens: w.outputTokens })),
    servers: [{ id: lesson.id, label: lesson.label, maxBatch: lesson.maxBatch, kvCapacityTokens: lesson.kvCapacityTokens }],
  };
}

/** `list` as text. */
export function listText(): string {
  const l = listing();
  return [
    'Workloads (--workload):',
    ...l.workloads.map((w) => `  ${w.id.padEnd(14)} ${w.label} (${w.promptTokens} in / ${w.outputTokens} out)`),
    '  custom         use --prompt and --output',
    '',
    'Servers (--server):',
    ...l.servers.map((s) => `  ${s.id.padEnd(14)} ${s.label}; batch ≤ ${s.maxBatch}, KV ${s.kvCapacityTokens} tokens`),
  ].join('\n');
}
