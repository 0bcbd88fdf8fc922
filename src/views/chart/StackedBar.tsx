import { FONT_PX } from './axisMarks';
import { px } from './format';
import { colour } from './palette';
import type { StackedBarLayout } from './stackedBar';
import { HaloText } from './text';

/** The SVG of a laid-out stacked bar: its parts (each with `data-part`), leaders and labels. */
export function StackedBar<K extends string>({ layout, label }: { layout: StackedBarLayout<K>; label: string }) {
  const { bar } = layout;
  return (
    <svg role="img" aria-label={label} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`} style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
      <g aria-hidden="true">
        {layout.segments.map((s) =>
          s.style === 'outline' ? (
            <rect key={s.key} data-part={s.key} x={px(s.x0Px)} y={px(bar.topPx + 1)} width={px(Math.max(0, s.x1Px - s.x0Px - 1))} height={bar.heightPx - 2} fill={colour(s.fill)} fillOpacity={0.12} stroke={colour(s.fill)} strokeDasharray="4 3" />
          ) : (
            <rect key={s.key} data-part={s.key} x={px(s.x0Px)} y={px(bar.topPx)} width={px(s.x1Px - s.x0Px)} height={bar.heightPx} fill={colour(s.fill)} stroke={colour('surface')} strokeWidth={1} />
          ),
        )}
        {layout.segments.map((s) => (
          <g key={s.key}>
            {s.leader && <line x1={px(s.leader.xPx)} x2={px(s.leader.xPx)} y1={px(s.leader.y1Px)} y2={px(s.leader.y2Px)} stroke={colour('axis')} />}
            <HaloText x={s.labelXPx} y={s.labelYPx} anchor={s.labelAnchor} role={s.text} fontPx={FONT_PX.label}>
              {s.label}
            </HaloText>
          </g>
        ))}
      </g>
    </svg>
  );
}
