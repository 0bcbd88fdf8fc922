import { useEffect, useState } from 'react';
import { useSim, whenPainted } from '../../workers';

/**
 * True from the frame after the first readouts (or the first run's error)
 * have painted: code that is not needed for them loads from then on, so the
 * first JavaScript the page asks for is the entry alone.
 */
export function useResultsPainted(): boolean {
  const [painted, setPainted] = useState(false);
  const hasResults = useSim((s) => s.main !== null || (s.error !== null && s.error.id === s.requestedId));
  useEffect(() => {
    if (painted || !hasResults) return;
    whenPainted(() => setPainted(true));
  }, [painted, hasResults]);
  return painted;
}
