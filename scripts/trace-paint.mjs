// The renderer's trace for scripts/measure-ui.mjs: recording it over a page's
// work, and reading from it when the main thread painted each key press's result.

/** Records the renderer's trace (devtools timeline) until `stop()`, which gives its events. */
export async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      return events;
    },
  };
}

/**
 * From the trace: for each key press, the time until the main thread finished
 * painting the frame that holds the new result (the first Paint that ends after
 * the result's commit mark), ms. Unlike "a timer after the next animation
 * frame", this is not delayed by tasks that happen to be queued after the paint.
 */
export function paintTimes(events) {
  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (keys.length === 0) return [];
  const { pid, tid } = keys[0];
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const commits = onMain.filter((e) => e.name === 'TimeStamp' && String(e.args?.data?.message ?? '').startsWith('lab:commit:'));
  const paints = onMain.filter((e) => e.name === 'Paint' && e.ph === 'X');
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const next = keys[i + 1]?.ts ?? Infinity;
    const commit = commits.find((c) => c.ts > key.ts && c.ts < next);
    const paint = commit && paints.find((p) => p.ts + p.dur > commit.ts);
    if (paint) out.push((paint.ts + paint.dur - key.ts) / 1000);
  }
  return out;
}
