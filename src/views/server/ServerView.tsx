import { useId, useMemo } from 'react';
import type { IterationLog, RequestRecord } from '../../engine';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame } from '../chart/ChartFrame';
import { px } from '../chart/format';
import { Legend } from '../chart/Legend';
import { colour, type ColourRole } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import type { PhaseKind } from './lanes';
import { layoutServer, type ServerLayout } from './layoutServer';
import type { StatePanel } from './series';

export interface ServerViewProps {
  requests: RequestRecord[];
  log: IterationLog;
  representativeId: number;
  maxBatch: number;
  kvCapacityTokens: number;
  /** KV admission of the run: paged memory grows as tokens come, reserved memory is held from admission. */
  admission?: 'paged' | 'reserve';
  /** Width in px; when omitted the chart measures its container. */
  width?: number;
}

const PHASE_ROLE: Record<PhaseKind, ColourRole> = { network: 'networkFill', queue: 'queueFill', prefill: 'prefill', decode: 'decode', preempted: 'slo' };
/** Text colour of each phase's label (fill colours are too light for text). */
const PHASE_TEXT_ROLE: Record<PhaseKind, ColourRole> = { network: 'network', queue: 'queue', prefill: 'prefill', decode: 'decode', preempted: 'slo' };

/**
 * The representative request among its neighbours: who else was at the server
 * while it ran, how full the batch and the KV cache were, and so why going busy
 * stretches both of its clocks.
 */
export function ServerView(props: ServerViewProps) {
  const { requests, log, representativeId, maxBatch, kvCapacityTokens, admission = 'reserve' } = props;
  const { ref, width } = useChartWidth<HTMLElement>(props.width);
  const layout = useMemo(
    () => layoutServer({ requests, log, representativeId, maxBatch, kvCapacityTokens, admission }, { widthPx: width }),
    [requests, log, representativeId, maxBatch, kvCapacityTokens, admission, width],
  );
  const summaryId = useId();
  return (
    <ChartFrame
      containerRef={ref}
      testId="server-view"
      title="Inside the server while your request runs"
      subtitle="Every running request shares each decode step, and a new prompt's prefill holds up everyone's next token."
    >
      {layout.message !== null ? (
        <p role="status" className="text-sm" style={{ color: 'var(--ll-muted)' }}>
          {layout.message}
        </p>
      ) : (
        <svg
          role="img"
          aria-label="Lanes of the requests in flight around yours, with the batch size and KV memory over the same time"
          aria-describedby={summaryId}
          width={layout.widthPx}
          height={layout.heightPx}
          viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`}
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        >
          <ServerMarks layout={layout} />
        </svg>
      )}
      {layout.message === null && (
        <p id={summaryId} className="mt-1 text-sm" style={{ color: 'var(--ll-text)' }}>
          {layout.summary}
        </p>
      )}
    </ChartFrame>
  );
}

function ServerMarks({ layout }: { layout: ServerLayout }) {
  return (
    <g>
      <Legend items={layout.legend} />
      <text x={4} y={px(layout.lanesTitleYPx)} fontSize={FONT_PX.title} fontWeight={600} fill={colour('text')}>
        Requests in flight (yours on top)
      </text>
      {layout.guides.map((g) => (
        <line key={g.label} x1={px(g.xPx)} x2={px(g.xPx)} y1={px(layout.guidesTopPx)} y2={px(layout.guidesBottomPx)} stroke={colour('muted')} strokeWidth={1} strokeDasharray="3 3" strokeOpacity={0.7} />
      ))}
      {layout.lanes.map((lane) => (
        <g key={lane.id} opacity={lane.isRepresentative ? 1 : 0.6}>
          {lane.segments.map((s, i) => (
            <rect key={i} x={s.x0Px} y={px(lane.yPx)} width={px(Math.max(0.5, s.x1Px - s.x0Px))} height={px(lane.heightPx)} fill={colour(PHASE_ROLE[s.kind])} />
          ))}
          {lane.isRepresentative && lane.segments.length > 0 && (
            <rect
              x={lane.segments[0].x0Px - 1}
              y={px(lane.yPx - 1)}
              width={px(lane.segments[lane.segments.length - 1].x1Px - lane.segments[0].x0Px + 2)}
              height={px(lane.heightPx + 2)}
              fill="none"
              stroke={colour('highlight')}
              strokeWidth={1.5}
            />
          )}
        </g>
      ))}
      {layout.repLabel && (
        <text x={px(layout.repLabel.xPx)} y={px(layout.repLabel.yPx)} dy="0.35em" textAnchor="end" fontSize={FONT_PX.tick} fontWeight={600} fill={colour('highlight')}>
          {layout.repLabel.text}
        </text>
      )}
      {layout.phaseLabels.map((l, i) => (
        <HaloText key={`${l.kind}-${i}`} x={l.textXPx} y={l.yPx} anchor={l.anchor} role={PHASE_TEXT_ROLE[l.kind]} fontPx={FONT_PX.tick} weight={600}>
          {l.text}
        </HaloText>
      ))}
      {layout.moreLabel && (
        <text x={px(layout.moreLabel.xPx)} y={px(layout.moreLabel.yPx)} fontSize={FONT_PX.tick} fill={colour('muted')}>
          {layout.moreLabel.text}
        </text>
      )}
      {layout.batchPanel && <Panel panel={layout.batchPanel} areaRole="decode" lineRole="queue" lineDashed={false} plotLeftPx={layout.plotLeftPx} plotRightPx={layout.plotRightPx} />}
      {layout.batchPanel &&
        layout.prefillXPx.map((x, i) => (
          <line key={i} x1={x} x2={x} y1={px(layout.batchPanel!.bottomPx)} y2={px(layout.batchPanel!.bottomPx - 7)} stroke={colour('prefill')} strokeWidth={1.5} />
        ))}
      {layout.batchPanel &&
        layout.preemptXPx.map((x, i) => (
          <path key={`p${i}`} d={`M${x - 4},${px(layout.batchPanel!.topPx)}L${x + 4},${px(layout.batchPanel!.topPx)}L${x},${px(layout.batchPanel!.topPx + 7)}Z`} fill={colour('slo')} data-preemption />
        ))}
      {layout.kvPanel && <Panel panel={layout.kvPanel} areaRole="throughput" lineRole="throughput" lineDashed plotLeftPx={layout.plotLeftPx} plotRightPx={layout.plotRightPx} />}
      {layout.xAxis && <Axis axis={layout.xAxis} />}
    </g>
  );
}

function Panel({
  panel,
  areaRole,
  lineRole,
  lineDashed,
  plotLeftPx,
  plotRightPx,
}: {
  panel: StatePanel;
  areaRole: ColourRole;
  lineRole: ColourRole;
  lineDashed: boolean;
  plotLeftPx: number;
  plotRightPx: number;
}) {
  return (
    <g>
      <text x={4} y={px(panel.titleYPx)} fontSize={FONT_PX.title} fontWeight={600} fill={colour('text')}>
        {panel.title}
      </text>
      <Legend items={panel.legend} />
      <Axis axis={panel.yAxis} />
      <path d={panel.areaD} fill={colour(areaRole)} fillOpacity={0.35} stroke={colour(areaRole)} strokeWidth={1} />
      <path d={panel.lineD} fill="none" stroke={colour(lineRole)} strokeWidth={2} strokeDasharray={lineDashed ? '5 3' : undefined} />
      <line x1={px(plotLeftPx)} x2={px(plotRightPx)} y1={px(panel.limit.yPx)} y2={px(panel.limit.yPx)} stroke={colour('limit')} strokeWidth={1.5} strokeDasharray="6 3" />
      <HaloText x={plotRightPx - 4} y={panel.limit.yPx - 4} anchor="end" role="limit" fontPx={FONT_PX.tick} weight={600}>
        {panel.limit.label}
      </HaloText>
    </g>
  );
}
