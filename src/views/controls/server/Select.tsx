import { useId } from 'react';
import type { MenuOption } from './hardwareOptions';

function Option({ o, value }: { o: MenuOption; value: string }) {
  return (
    <option value={o.value} disabled={o.unavailable !== null && o.value !== value}>
      {o.unavailable ? `${o.label} (unavailable: ${o.unavailable})` : o.label}
    </option>
  );
}

/** Consecutive options of one `group`, in order; ungrouped options form runs of their own. */
function groupsOf(options: readonly MenuOption[]): [string | undefined, MenuOption[]][] {
  const out: [string | undefined, MenuOption[]][] = [];
  for (const o of options) {
    const last = out.at(-1);
    if (last && last[0] === o.group) last[1].push(o);
    else out.push([o.group, [o]]);
  }
  return out;
}

/**
 * A labelled native select (options with a `group` are listed under it). An unavailable option stays in the list,
 * disabled, with its reason in its text, so the menu says why it cannot be
 * picked; a note under the select repeats the reasons for the current menu.
 */
export function Select({ label, value, options, onChange, note }: { label: string; value: string; options: readonly MenuOption[]; onChange: (value: string) => void; note?: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={note ? `${id}-note` : undefined}
        className="w-full min-w-0 rounded-md border border-line bg-raised px-2 py-1 text-sm text-ink hover:border-accent"
      >
        {groupsOf(options).map(([group, items]) =>
          group === undefined ? (
            items.map((o) => <Option key={o.value} o={o} value={value} />)
          ) : (
            <optgroup key={group} label={group}>
              {items.map((o) => (
                <Option key={o.value} o={o} value={value} />
              ))}
            </optgroup>
          ),
        )}
      </select>
      {note && (
        <p id={`${id}-note`} className="text-xs text-muted">
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * A small radio group drawn as buttons (like `Choice`), where options can be
 * unavailable: disabled, struck through, with the reason as their description.
 */
export function Segmented({ legend, value, options, onChange, note }: { legend: string; value: string; options: readonly MenuOption[]; onChange: (value: string) => void; note?: string }) {
  const name = useId();
  return (
    <fieldset aria-describedby={note ? `${name}-note` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-4 gap-1.5">
        {options.map((o) => {
          const selected = o.value === value;
          const off = o.unavailable !== null;
          return (
            <label
              key={o.value}
              title={o.unavailable ?? undefined}
              className={`flex flex-col items-center rounded-md border px-1 py-1 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
                selected
                  ? off
                    ? 'border-bad bg-bad-bg text-ink'
                    : 'border-accent bg-accent text-accent-ink'
                  : off
                    ? 'cursor-not-allowed border-dashed border-line bg-surface text-muted line-through'
                    : 'cursor-pointer border-line bg-raised text-ink hover:border-accent'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={selected}
                disabled={off && !selected}
                onChange={() => onChange(o.value)}
                aria-describedby={off ? `${name}-${o.value}-why` : undefined}
                className="sr-only"
              />
              <span className="font-medium">{o.label}</span>
              {off && (
                <span id={`${name}-${o.value}-why`} className="sr-only">
                  unavailable: {o.unavailable}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {note && (
        <p id={`${name}-note`} className="mt-1 text-xs text-muted">
          {note}
        </p>
      )}
    </fieldset>
  );
}
