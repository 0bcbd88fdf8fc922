/** A bad command-line option: the message names it (the commands exit 2 with it). */
export class OptionError extends Error {}

/** One option of a command: the name of its value (null for a bare flag) and its help line. */
export type FlagTable = Record<string, { value: string | null; doc: string }>;

/**
 * Reads `--name value`, `--name=value` and bare `--flag` options of `table`
 * from `argv`; every other argument goes to `positional` (which may throw).
 * Throws an OptionError for an unknown, repeated or malformed option.
 */
export function readFlags(argv: readonly string[], table: FlagTable, positional: (arg: string) => void): Map<string, string> {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq >= 0 ? eq : undefined);
    const def = table[name];
    if (!def) throw new OptionError(`unknown option --${name} (see --help)`);
    if (values.has(name)) throw new OptionError(`option --${name} is given twice`);
    if (def.value === null) {
      if (eq >= 0) throw new OptionError(`option --${name} takes no value`);
      values.set(name, '');
    } else if (eq >= 0) values.set(name, arg.slice(eq + 1));
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(`option --${name} needs a value`);
      values.set(name, next);
      i++;
    }
  }
  return values;
}
