import { createContext, useContext } from 'react';

/**
 * True inside an embedded view (`?embed=`): components drop their secondary
 * lines (subtitles, hints, captions) so the view fits a small iframe.
 */
export const CompactContext = createContext(false);

export function useCompact(): boolean {
  return useContext(CompactContext);
}
