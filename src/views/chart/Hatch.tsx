import { colour, type ColourRole } from './palette';

/**
 * A diagonal hatch pattern, for regions that mean "a limit applies here"
 * (distinct from translucent fills, which mean a quantity).
 * Reference it as `fill="url(#id)"`.
 */
export function HatchPattern({ id, role }: { id: string; role: ColourRole }) {
  return (
    <defs>
      <pattern id={id} width={7} height={7} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={7} height={7} fill={colour(role)} fillOpacity={0.06} />
        <line x1={0} y1={0} x2={0} y2={7} stroke={colour(role)} strokeWidth={2} strokeOpacity={0.3} />
      </pattern>
    </defs>
  );
}

/** A pattern id safe inside `url(#…)` built from React's `useId()` value. */
export function safeId(prefix: string, reactId: string): string {
  return `${prefix}-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}
