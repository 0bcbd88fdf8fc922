import { useId, useState } from 'react';
import { formatCount } from './format';
import { readTypedNumber } from './numberInput';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onCommit: (value: number) => void;
  integer?: boolean;
  unit?: string;
  /** Hide the visible label (the field sits next to a slider that has it). */
  labelHidden?: boolean;
  className?: string;
}

const show = (v: number, integer?: boolean) => (integer ? String(Math.round(v)) : String(Number(v.toPrecision(6))));

/**
 * A typed number that never becomes NaN: valid values apply as you type,
 * out-of-range values are clamped when you leave the field, anything else is
 * refused and the previous value kept, each with a message saying so.
 */
export function NumberField({ label, value, min, max, onCommit, integer, unit, labelHidden, className = '' }: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const bound = (v: number) => (Number.isInteger(v) ? formatCount(v) : String(v));
  const range = `${bound(min)} to ${bound(max)}${unit ? ` ${unit}` : ''}`;

  const onChange = (raw: string) => {
    setDraft(raw);
    const r = readTypedNumber(raw, min, max, { integer });
    if (r.kind === 'ok') {
      setMessage(null);
      if (r.value !== value) onCommit(r.value);
    } else if (r.kind === 'out-of-range') setMessage(`Allowed: ${range}. Leaving the field sets ${show(r.clamped, integer)}.`);
    else if (r.kind === 'garbage') setMessage(`Type a number from ${range}.`);
    else setMessage(null);
  };

  const finish = () => {
    if (draft === null) return;
    const r = readTypedNumber(draft, min, max, { integer });
    if (r.kind === 'out-of-range') {
      onCommit(r.clamped);
      setMessage(`${show(r.value, integer)} is outside ${range}; set to ${show(r.clamped, integer)}.`);
    } else if (r.kind === 'garbage' || r.kind === 'empty') {
      setMessage(`"${draft.slice(0, 20)}" is not a number; kept ${show(value, integer)}.`);
    }
    setDraft(null);
  };

  return (
    <div className={`flex flex-col ${className}`}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={draft ?? show(value, integer)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={finish}
          onKeyDown={(e) => {
            if (e.key === 'Enter') finish();
          }}
          aria-describedby={message ? `${id}-msg` : undefined}
          aria-invalid={message !== null && draft !== null ? true : undefined}
          className="tabular w-24 rounded border border-line bg-raised px-2 py-1 text-sm text-ink"
        />
        {unit && <span className="text-sm text-muted">{unit}</span>}
      </div>
      <p id={`${id}-msg`} role="status" className="min-h-0 text-xs text-bad empty:hidden">
        {message ?? ''}
      </p>
    </div>
  );
}
