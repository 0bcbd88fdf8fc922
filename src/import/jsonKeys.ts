/**
 * Duplicate keys in a JSON text. `JSON.parse` keeps the last of two equal keys
 * without a word, so `{"duration": 10, "duration": -5}` would silently mean
 * -5; a benchmark file with a repeated key is ambiguous and is refused with
 * the key and where it is. One linear pass over text that `JSON.parse`
 * already accepted (strings are skipped with `indexOf`).
 */

/** A repeated key: its name, where in the document (`experiments[0].requests[3]`) and in the text. */
export interface DuplicateKey {
  key: string;
  /** Path of the object holding it, '' for the top level. */
  path: string;
  /** Offset of the second occurrence in the text. */
  offset: number;
}

interface Frame {
  /** Keys seen so far (null for an array). */
  keys: string[] | null;
  /** Bigger objects switch to a Set. */
  set: Set<string> | null;
  /** The current key (object) or item index (array), for the path. */
  at: string | number;
}

function pathOf(stack: Frame[]): string {
  let out = '';
  // The innermost frame is the object holding the duplicate: its own key is not part of the path.
  for (let k = 0; k < stack.length - 1; k++) {
    const at = stack[k].at;
    if (typeof at === 'number') out += `[${at}]`;
    else out += out.length > 0 ? `.${at}` : at;
  }
  return out;
}

/** The rest of a JSON string after its opening quote, up to and including the closing quote. */
const STRING_REST = /[^"\\]*(?:\\.[^"\\]*)*"/y;

/** The first repeated key of an object in `text` (valid JSON), or null when there is none. */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const stack: Frame[] = [];
  let expectKey = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: find its closing quote. Most have no escape, so the next quote ends them;
      // one after a backslash needs the full rule (a sticky regex, the fastest scan V8 has).
      let end = text.indexOf('"', i + 1);
      if (end === -1) return null;
      if (text.charCodeAt(end - 1) === 92) {
        STRING_REST.lastIndex = i + 1;
        if (!STRING_REST.test(text)) return null;
        end = STRING_REST.lastIndex - 1;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top && top.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const seen = top.set ? top.set.has(key) : top.keys.includes(key);
        if (seen) return { key, path: pathOf(stack), offset: i };
        if (top.set) top.set.add(key);
        else {
          top.keys.push(key);
          if (top.keys.length > 16) top.set = new Set(top.keys);
        }
        top.at = key;
        expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (c === 123) {
      stack.push({ keys: [], set: null, at: '' });
      expectKey = true;
    } else if (c === 91) {
      stack.push({ keys: null, set: null, at: 0 });
    } else if (c === 125 || c === 93) {
      stack.pop();
      expectKey = false;
    } else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top && top.keys) expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
    i++;
  }
  return null;
}
