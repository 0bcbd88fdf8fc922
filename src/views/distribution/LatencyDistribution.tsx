import { useId, useMemo } from 'react';
import type { RunMetrics } from '../../engine';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatMs, px } from '../chart/format';
import { formatMissShare } from '../common/format';
import { Legend } from '../chart/Legend';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { layoutDistribution, type DistributionPanel } from './layoutDistribution';

export interface LatencyDistributionProps {
  /** TTFT of each completed request, ms. */
  ttftMs: number[];
  /** TPOT of each completed request, ms. */
  tpotMs: number[];
  metrics: RunMetrics;
  slo: { ttftMs: number | null; tpotMs: number | null };
  /** The pinned baseline's samples, drawn as an outline and a dashed share line. */
  baseline?: { ttftMs: number[]; tpotMs: number[]; metrics: RunMetrics } | null;
  /** Width in px; when omitted the chart measures its container. */
  width?: number;
}

/**
 * How TTFT and TPOT spread over the requests at the current load, with the
 * mean and the percentiles marked, so the tail the mean hides is visible.
 */
export function LatencyDistribution(props: LatencyDistributionProps) {
  const { ttftMs, tpotMs, metrics, slo, baseline = null } = props;
  const { ref, width } = useChartWidth<HTMLElement>(props.width);
  const layout = useMemo(() => layoutDistribution({ ttftMs, tpotMs, metrics, slo, baseline }, { widthPx: width }), [ttftMs, tpotMs, metrics, slo, baseline, width]);
  const sentencesId = useId();
  const [ttft, tpot] = layout.panels;
  return (
    <ChartFrame
      containerRef={ref}
      testId="latency-distribution"
      title="Latency across requests: the mean versus the tail"
      subtitle="Each bar counts requests; the line climbs to 100% as every request is counted. SLOs are written on percentiles, not on the mean."
      screenReaderSummary={
        <DataTable
          caption="Latency statistics at this load"
          columns={['Metric', 'Mean', 'p50', 'p95', 'p99', 'Missing the SLO']}
          rows={[
            ['TTFT', formatMs(metrics.ttftMs.mean), formatMs(metrics.ttftMs.p50), formatMs(metrics.ttftMs.p95), formatMs(metrics.ttftMs.p99), ttft.missShare === null ? 'no target' : formatMissShare(ttft.missShare)],
            ['TPOT', formatMs(metrics.tpotMs.mean), formatMs(metrics.tpotMs.p50), formatMs(metrics.tpotMs.p95), formatMs(metrics.tpotMs.p99), tpot.missShare === null ? 'no target' : formatMissShare(tpot.missShare)],
          ]}
        />
      }
    >
      <svg
        role="img"
        aria-label="Histograms of TTFT and TPOT per request, with mean, p50, p95, p99 and the SLO marked"
        aria-describedby={sentencesId}
        width={layout.widthPx}
        height={layout.heightPx}
        viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`}
        style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
      >
        {layout.panels.map((panel) => (
          <PanelMarks key={panel.metric} panel={panel} />
        ))}
      </svg>
      <ul id={sentencesId} className="mt-1 space-y-0.5 text-sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {layout.panels.map((p) => (
          <li key={p.metric} data-sentence={p.metric}>
            {p.sentence}
            {p.sloSentence ? ` ${p.sloSentence}` : ''}
            {p.baseline ? ` ${p.baseline.sentence}` : ''}
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}

function PanelMarks({ panel }: { panel: DistributionPanel }) {
  const role = panel.metric === 'ttft' ? 'prefill' : 'decode';
  return (
    <g>
      <text x={px(panel.titleXPx)} y={px(panel.titleYPx)} fontSize={FONT_PX.title} fontWeight={600} fill={colour('text')}>
        {panel.title}
      </text>
      <Legend items={panel.legend} />
      {panel.message !== null ? (
        <text x={px((panel.leftPx + panel.rightPx) / 2)} y={px((panel.topPx + panel.bottomPx) / 2)} textAnchor="middle" fontSize={FONT_PX.label} fill={colour('muted')}>
          {panel.message}
        </text>
      ) : (
        <>
          <Axis axis={panel.yAxis} />
          <Axis axis={panel.cdfAxis} />
          {panel.bars.map((b, i) =>
            b.count > 0 ? (
              <rect key={i} x={px(b.x0Px + 0.5)} y={px(b.yPx)} width={px(Math.max(1, b.x1Px - b.x0Px - 1))} height={px(panel.bottomPx - b.yPx)} fill={colour(role)} fillOpacity={0.45} />
            ) : null,
          )}
          {panel.baseline && <path d={panel.baseline.outlineD} fill="none" stroke={colour('muted')} strokeWidth={1.25} data-ghost="" />}
          <path d={panel.cdfD} fill="none" stroke={colour('text')} strokeWidth={1.5} />
          {panel.baseline && <path d={panel.baseline.cdfD} fill="none" stroke={colour('muted')} strokeWidth={1.5} strokeDasharray="5 3" data-ghost="" />}
          {panel.slo && (
            <g>
              {!panel.slo.offChart && (
                <line x1={px(panel.slo.xPx)} x2={px(panel.slo.xPx)} y1={px(panel.topPx)} y2={px(panel.bottomPx)} stroke={colour('slo')} strokeWidth={2} strokeDasharray="2 3" />
              )}
              <HaloText x={panel.slo.textXPx} y={panel.topPx + 12} anchor={panel.slo.anchor} role="slo" fontPx={FONT_PX.tick} weight={600}>
                {panel.slo.label}
              </HaloText>
            </g>
          )}
          {panel.markers.map((m) => (
            <g key={m.key}>
              <line x1={px(m.xPx)} x2={px(m.xPx)} y1={px(m.textYPx + 3)} y2={px(panel.bottomPx)} stroke={colour('highlight')} strokeWidth={m.key === 'mean' ? 1.5 : 1} strokeDasharray={m.key === 'mean' ? '5 3' : undefined} />
              {m.text && (
                <HaloText x={m.textXPx} y={m.textYPx} anchor={m.anchor} role="highlight" fontPx={FONT_PX.tick} weight={m.key === 'mean' ? 700 : 500}>
                  {m.text}
                </HaloText>
              )}
            </g>
          ))}
        </>
      )}
      <Axis axis={panel.xAxis} />
    </g>
  );
}
