/** POSIX shell quoting and line layout for the exported command lines. */

/** `value` quoted for a POSIX shell only when it needs it: `abc` stays, `a b` → `'a b'`. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A command as argv: the program words, then flags with their values (null for a bare flag). */
export interface CommandSpec {
  program: string[];
  flags: [flag: string, ...values: string[]][];
}

/** argv of `spec`, ready for spawn(). */
export function commandArgv(spec: CommandSpec): string[] {
  return [...spec.program, ...spec.flags.flat()];
}

/**
 * The command as copy-pasteable shell text: one flag per line, joined with
 * ` \` continuations, every value quoted when needed.
 */
export function formatCommand(spec: CommandSpec): string {
  const lines = [spec.program.map(shellQuote).join(' ')];
  for (const [flag, ...values] of spec.flags) lines.push(`  ${[flag, ...values.map(shellQuote)].join(' ')}`);
  return lines.join(' \\\n');
}
