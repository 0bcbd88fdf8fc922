/**
 * A request trace file read through the same door as the result files
 * (`importSources`): the size cap and text rules of textRules.ts first, then
 * `parseTrace`, whose errors name the line. Kept apart from importSource.ts so
 * the trace worker does not load the result-file parsers and their schemas.
 */
import { readSourceText } from './textRules';
import { parseTrace, type TraceResult } from './trace';

/** Reads and parses a trace (text or a File) in whatever thread calls it (the trace worker on the page). Never throws. */
export async function importTraceSource(source: string | Blob): Promise<TraceResult> {
  const read = await readSourceText(source, 'trace');
  return read.ok ? parseTrace(read.text) : read;
}
