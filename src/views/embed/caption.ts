import { workloadById } from '../../engine/workloads';
import type { Settings } from '../../settings/schema';
import { formatCount, formatMs } from '../common/format';

/**
 * One line saying what scenario an embedded view shows, from the settings
 * in its link: "Write a long report (800 in / 1,500 out) · idle, 1 user ·
 * lesson server · targets TTFT 10.0 s, TPOT 200 ms".
 */
export function scenarioLine(s: Settings, serverLabel: string | null): string {
  const named = s.workload !== 'custom' ? workloadById(s.workload) : undefined;
  const lengths = `${formatCount(s.prompt)} in / ${formatCount(s.output)} out`;
  const workload = named ? `${named.label} (${lengths})` : `Custom lengths (${lengths})`;
  const load =
    s.rate !== null
      ? Number.isFinite(s.rate) ? `${s.rate} req/s arriving` : 'every request at once'
      : s.users === 1 ? 'idle, 1 user'
      : s.users === 16 ? 'busy, 16 users'
      : `${formatCount(s.users)} users`;
  const server = s.server === 'lesson' ? 'lesson server (illustrative)' : (serverLabel ?? 'hardware server');
  const targets = [s.ttftSlo !== null ? `TTFT ${formatMs(s.ttftSlo)}` : null, s.tpotSlo !== null ? `TPOT ${formatMs(s.tpotSlo)}` : null].filter(Boolean);
  return `${workload} · ${load} · ${server} · ${targets.length ? `targets ${targets.join(', ')}` : 'no targets'}`;
}
