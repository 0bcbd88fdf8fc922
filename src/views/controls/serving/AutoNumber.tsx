import { NumberField } from '../../common/NumberField';

interface AutoNumberProps {
  label: string;
  /** The value in force (explicit or default). */
  value: number;
  /** Where it comes from, e.g. "vLLM default" or "set here". */
  origin: string;
  /** True when the value was set here (so it can go back to the default). */
  explicit: boolean;
  min: number;
  max: number;
  integer?: boolean;
  unit?: string;
  /** The trade-off, under the field. */
  description: string;
  onCommit: (value: number) => void;
  onReset: () => void;
}

/** A number that follows a default until set: shows the value in force, where it comes from, and a way back to the default. */
export function AutoNumber({ label, value, origin, explicit, min, max, integer, unit, description, onCommit, onReset }: AutoNumberProps) {
  return (
    <div className="space-y-0.5">
      <div className="flex items-end gap-2">
        <NumberField label={label} value={value} min={min} max={max} integer={integer} unit={unit} onCommit={onCommit} />
        <span className="mb-1.5 text-xs text-muted" aria-live="polite">
          {origin}
        </span>
        {explicit && (
          <button type="button" onClick={onReset} className="mb-[1px] rounded-md border border-line bg-raised px-2 py-0.5 text-xs hover:border-accent">
            Use default<span className="sr-only"> for {label}</span>
          </button>
        )}
      </div>
      <p className="text-xs text-muted">{description}</p>
    </div>
  );
}
