import { useEffect, useState } from 'react';
import { getSimClient, useSim } from '../../workers';

/**
 * While a main run expected to take more than a second is simulated (in the
 * worker: the page stays responsive), says so with the time so far and a
 * Stop button. Stopping keeps the last results on screen, marked stale.
 */
export function SlowRunNotice() {
  const slow = useSim((s) => s.slow);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!slow) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [slow]);
  if (!slow) return null;
  const elapsedS = Math.max(0, Math.round((now - slow.startedAt) / 1000));
  const expectedS = Math.max(1, Math.round(slow.predictedMs / 1000));
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-raised p-3 text-sm" data-testid="slow-run">
      <span>
        Simulating a large scenario: about {expectedS} s here ({elapsedS} s so far). The page stays usable meanwhile.
      </span>
      <button type="button" onClick={() => getSimClient().cancel()} className="rounded border border-line px-2 py-0.5">
        Stop this simulation
      </button>
    </div>
  );
}
