import { FONT_PX } from './axisMarks';
import { px } from './format';
import { BAND_OPACITY, GHOST_OPACITY, GHOST_STROKE_PX, SWATCH_PX, type PlacedLegendItem } from './legendLayout';
import { colour } from './palette';

/** Renders legend keys placed by `flowLegend`. */
export function Legend({ items }: { items: readonly PlacedLegendItem[] }) {
  return (
    <g aria-hidden="true">
      {items.map((item) => {
        const x = px(item.xPx);
        const y = px(item.yPx);
        const c = colour(item.role);
        return (
          <g key={item.key}>
            {item.swatch === 'block' && <rect x={x} y={y - 5} width={SWATCH_PX.width} height={10} rx={2} fill={c} />}
            {item.swatch === 'band' && <rect x={x} y={y - 5} width={SWATCH_PX.width} height={10} fill={c} fillOpacity={BAND_OPACITY} stroke={c} strokeOpacity={0.5} />}
            {item.swatch === 'dot' && <circle cx={x + SWATCH_PX.width / 2} cy={y} r={4} fill={c} />}
            {item.swatch === 'ghost' && <line x1={x} x2={x + SWATCH_PX.width} y1={y} y2={y} stroke={c} strokeWidth={GHOST_STROKE_PX} strokeOpacity={GHOST_OPACITY} />}
            {(item.swatch === 'line' || item.swatch === 'dashed') && (
              <line x1={x} x2={x + SWATCH_PX.width} y1={y} y2={y} stroke={c} strokeWidth={2.5} strokeDasharray={item.swatch === 'dashed' ? '5 3' : undefined} />
            )}
            <text x={x + SWATCH_PX.width + SWATCH_PX.gap} y={y} dy="0.35em" fontSize={FONT_PX.tick} fill={colour('text')}>
              {item.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
