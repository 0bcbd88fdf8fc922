/**
 * How the CLI reads a file it is given (`predict --trace` and `--replay`,
 * `import`): through the page's text rules (src/import/textRules.ts). The
 * size is known before a byte is read (a regular file's stat; anything else,
 * a pipe or a device, is read in chunks and stopped at the cap), and the
 * first chunk is checked for binary data before the rest is read, so a
 * 600 MB file or a 2 GB archive is refused at once with what to do instead,
 * not after the process ran out of memory. The readers then apply the rest
 * of the rules (BOM, line ends, binary data further in) to the text.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { binaryProblem, MAX_IMPORT_BYTES, sizeProblem } from '../import/textRules';

/** A file the text rules refuse before it is read (too big, binary, a folder): the message says why. */
export class TextFileError extends Error {}

/** Bytes read per chunk; the first chunk is what the binary check sees. */
const CHUNK_BYTES = 1 << 16;

/**
 * The text of the file at `path`, read under the lab's size cap. `what` names
 * it in messages ("trace", "result file"). Throws a `TextFileError` when the
 * rules refuse it, and the file system's own error (with its `code`: ENOENT,
 * EACCES) when it cannot be opened.
 */
export function readTextFile(path: string, what: string): string {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new TextFileError(`"${path}" is a folder, not a ${what}`);
    if (st.isFile()) {
      const big = sizeProblem(st.size, what);
      if (big) throw new TextFileError(big);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const n = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      if (chunks.length === 0) {
        // Decoded as the whole file will be: undecodable bytes become U+FFFD, which the check counts.
        const binary = binaryProblem(chunk.subarray(0, n).toString('utf8'), what);
        if (binary) throw new TextFileError(binary);
      }
      chunks.push(n === CHUNK_BYTES ? chunk : chunk.subarray(0, n));
      total += n;
      // A pipe or a device says no size: it is stopped once it passes the cap.
      if (total > MAX_IMPORT_BYTES) throw new TextFileError(sizeProblem(total, what) ?? `the ${what} is too big`);
    }
    try {
      return Buffer.concat(chunks, total).toString('utf8');
    } catch {
      // Just under the cap, a text of multi-byte characters decodes within V8's string limit, but
      // one of single bytes can pass it by a few characters: say so rather than V8's words.
      throw new TextFileError(`the ${what} is too long to hold as one text; take a slice of it first (fewer requests, or a shorter time)`);
    }
  } finally {
    closeSync(fd);
  }
}
