import { scaleLog } from 'd3-scale';
import { useId, useMemo } from 'react';

interface LogSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Text a screen reader announces for a value, e.g. "1,000 tokens". */
  valueText: (value: number) => string;
  integer?: boolean;
  /** Id of the element describing the control. */
  describedBy?: string;
}

const STEPS = 1000;

/** A range input on a log scale, so 1 and 256 users (or 10 and 200,000 tokens) both get room. */
export function LogSlider({ label, value, min, max, onChange, valueText, integer, describedBy }: LogSliderProps) {
  const id = useId();
  const toPos = useMemo(() => scaleLog().domain([min, max]).range([0, STEPS]).clamp(true), [min, max]);
  const clamped = Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
  const pos = Math.round(toPos(clamped));
  const fromPos = (p: number) => {
    const v = toPos.invert(p);
    return integer ? Math.round(v) : Number(v.toPrecision(v < 1 ? 2 : 3));
  };
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={STEPS}
        step={1}
        value={pos}
        aria-valuetext={valueText(clamped)}
        aria-describedby={describedBy}
        onChange={(e) => {
          const v = fromPos(Number(e.target.value));
          if (v !== value) onChange(Math.min(max, Math.max(min, v)));
        }}
        onKeyDown={(e) => {
          // Arrow keys step the underlying value by at least one whole unit so a key press always changes it.
          if (!integer || (e.key !== 'ArrowRight' && e.key !== 'ArrowUp' && e.key !== 'ArrowLeft' && e.key !== 'ArrowDown')) return;
          const up = e.key === 'ArrowRight' || e.key === 'ArrowUp';
          const stepped = fromPos(pos + (up ? 10 : -10));
          const next = up ? Math.max(value + 1, stepped) : Math.min(value - 1, stepped);
          e.preventDefault();
          const v = Math.min(max, Math.max(min, next));
          if (v !== value) onChange(v);
        }}
        className="w-full"
      />
    </div>
  );
}
