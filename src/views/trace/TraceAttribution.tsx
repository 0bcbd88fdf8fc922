import { TRACE_ATTRIBUTION } from '../../import/traceAttribution';

/** Credit for a built-in trace (CC-BY 4.0 asks for it wherever the data is used). */
export function TraceAttribution() {
  const a = TRACE_ATTRIBUTION;
  return (
    <p className="text-xs text-muted" data-testid="trace-attribution">
      Trace data: {a.dataset}, {a.authors}, &ldquo;{a.work}&rdquo;, {a.venue}. Licensed{' '}
      <a className="underline" href={a.licenseUrl} rel="license noreferrer" target="_blank">
        {a.license}
      </a>
      ; bundled with the lab, read in your browser.
    </p>
  );
}
