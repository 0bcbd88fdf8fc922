/**
 * Control characters in text from outside (a result file, a server's error
 * page): what counts as one, and how to show one without letting a terminal
 * act on it (an escape sequence can clear the screen or set its title).
 */

/** A C0 control other than tab, line feed and carriage return: the characters `lab import` counts against a text file. */
export function isC0Control(code: number): boolean {
  return code < 32 && code !== 9 && code !== 10 && code !== 13;
}

/** Whether a terminal could act on `code`: C0 (carriage return too, which overwrites a line), DEL, C1, and the bidirectional overrides that reorder what is shown. */
function isUnsafe(code: number): boolean {
  return isC0Control(code) || code === 13 || code === 0x7f || (code >= 0x80 && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * `text` with every character a terminal could act on written as `\uXXXX`
 * (visible, and a valid escape inside a JSON string); tabs and line feeds stay.
 */
export function escapeControl(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isUnsafe(c)) continue;
    out += text.slice(from, i) + `\\u${c.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
