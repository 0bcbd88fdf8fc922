import { useId } from 'react';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface ChoiceProps<T extends string> {
  legend: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Tailwind grid columns class for the options. */
  columns?: string;
  legendHidden?: boolean;
  /** Smaller tiles (an embed, a phone). */
  dense?: boolean;
  /** The hint on the label's line rather than below it (a phone's short first screen). */
  hintInline?: boolean;
}

/** A radio group drawn as buttons: arrow keys move between options, as native radios do. */
export function Choice<T extends string>({ legend, options, value, onChange, columns = 'grid-cols-2', legendHidden, dense = false, hintInline = false }: ChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset>
      <legend className={legendHidden ? 'sr-only' : 'mb-1 text-sm font-medium'}>{legend}</legend>
      <div className={`grid ${dense ? 'gap-1' : 'gap-1.5'} ${columns}`}>
        {options.map((o) => {
          const selected = o.value === value;
          return (
            <label
              key={o.value}
              className={`flex cursor-pointer ${hintInline ? 'flex-row flex-wrap items-baseline gap-x-1.5' : 'flex-col'} rounded-md border px-2 ${dense ? 'py-1' : 'py-1.5'} text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
                selected ? 'border-accent bg-accent text-accent-ink' : 'border-line bg-raised text-ink hover:border-accent'
              }`}
            >
              <input type="radio" name={name} value={o.value} checked={selected} onChange={() => onChange(o.value)} className="sr-only" />
              <span className="font-medium">{o.label}</span>
              {o.hint && <span className={`text-xs ${selected ? 'text-accent-ink' : 'text-muted'}`}>{o.hint}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
