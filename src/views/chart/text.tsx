import type { ReactNode } from 'react';
import { px } from './format';
import { colour, type ColourRole } from './palette';

/**
 * Chart text with a halo in the page colour, so a label stays readable where
 * it crosses a line or a shaded band.
 */
export function HaloText({
  x,
  y,
  role = 'text',
  anchor = 'start',
  fontPx,
  weight,
  children,
}: {
  x: number;
  y: number;
  role?: ColourRole;
  anchor?: 'start' | 'middle' | 'end';
  fontPx: number;
  weight?: number;
  children: ReactNode;
}) {
  return (
    <text
      x={px(x)}
      y={px(y)}
      textAnchor={anchor}
      fontSize={fontPx}
      fontWeight={weight}
      fill={colour(role)}
      stroke={colour('surface')}
      strokeWidth={3}
      strokeLinejoin="round"
      paintOrder="stroke"
    >
      {children}
    </text>
  );
}
