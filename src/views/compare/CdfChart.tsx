import { useId, useRef, useState } from 'react';
import { downloadBlob, svgToPngBlob, svgToSvgBlob } from '../../export/chart-image';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatMs, px } from '../chart/format';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { layoutCdf, type CdfSeries } from './cdfLayout';

/**
 * Overlaid latency distributions (empirical CDFs) of the simulated and the
 * real run, with the SLO target, and SVG/PNG download of the drawing.
 */
export function CdfChart({ title, metricLabel, series, sloMs, fileStem, width }: { title: string; metricLabel: string; series: CdfSeries[]; sloMs: number | null; fileStem: string; width?: number }) {
  const { ref, width: w } = useChartWidth<HTMLDivElement>(width);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const m = layoutCdf(series, metricLabel, sloMs, w);
  const save = async (kind: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    try {
      setProblem(null);
      downloadBlob(kind === 'svg' ? svgToSvgBlob(svg) : await svgToPngBlob(svg), `${fileStem}.${kind}`);
    } catch (e) {
      setProblem(`Could not save the chart: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const summary = (
    <DataTable
      caption={`${title}: percentiles of each run`}
      columns={['Run', 'Requests', 'p50', 'p95']}
      rows={m.lines.map((l) => [l.label, String(l.count), l.count ? formatMs(l.p50Ms) : '–', l.count ? formatMs(l.p95Ms) : '–'])}
    />
  );
  return (
    <div ref={ref} className="min-w-0">
      <ChartFrame title={title} subtitle="Share of requests at or below each latency" screenReaderSummary={summary}>
        <svg ref={svgRef} width={m.widthPx} height={m.heightPx} viewBox={`0 0 ${m.widthPx} ${m.heightPx}`} role="img" aria-labelledby={titleId} className="block max-w-full">
          <title id={titleId}>{`${title}: ${m.lines.map((l) => (l.count ? `${l.label} p50 ${formatMs(l.p50Ms)}, p95 ${formatMs(l.p95Ms)}` : `${l.label} no data`)).join('; ')}`}</title>
          <Axis axis={m.xAxis} />
          <Axis axis={m.yAxis} />
          {m.slo && (
            <g aria-hidden="true">
              <line x1={px(m.slo.xPx)} x2={px(m.slo.xPx)} y1={m.plot.top} y2={m.plot.bottom} stroke={colour('slo')} strokeDasharray="4 3" />
              <HaloText x={m.slo.labelXPx} y={m.plot.top + FONT_PX.tick} anchor={m.slo.anchor} role="slo" fontPx={FONT_PX.tick}>
                {m.slo.label}
              </HaloText>
            </g>
          )}
          {m.lines.map((l) => (l.d ? <path key={l.key} d={l.d} fill="none" stroke={colour(l.role)} strokeWidth={2} strokeDasharray={l.dashed ? '6 3' : undefined} /> : null))}
          {m.message && (
            <text x={(m.plot.left + m.plot.right) / 2} y={(m.plot.top + m.plot.bottom) / 2} textAnchor="middle" fontSize={FONT_PX.label} fill={colour('muted')}>
              {m.message}
            </text>
          )}
        </svg>
      </ChartFrame>
      <div className="ll-chart mt-1 flex flex-wrap items-center gap-3 text-sm">
        {m.lines.map((l) => (
          <span key={l.key} className="inline-flex items-center gap-1">
            <svg width="18" height="6" aria-hidden="true">
              <line x1="0" x2="18" y1="3" y2="3" stroke={colour(l.role)} strokeWidth={2} strokeDasharray={l.dashed ? '6 3' : undefined} />
            </svg>
            {l.label}
          </span>
        ))}
        <button type="button" className="rounded border border-line px-2 py-0.5" onClick={() => void save('svg')}>
          Save {title} as SVG
        </button>
        <button type="button" className="rounded border border-line px-2 py-0.5" onClick={() => void save('png')}>
          Save {title} as PNG
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-bad">
          {problem}
        </p>
      )}
    </div>
  );
}
