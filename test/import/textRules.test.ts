// Result files and trace files pass one door (src/import/textRules.ts): the size cap, the byte-order
// mark, old Mac line ends, empty and binary files, each with the same message in both.
import { describe, expect, it } from 'vitest';
import { importSource } from '../../src/import/importSource';
import { MAX_IMPORT_BYTES, readSourceText, sizeProblem } from '../../src/import/textRules';
import { importTraceSource } from '../../src/import/traceSource';

/** A Blob that says it is bigger than the cap without holding the bytes. */
const hugeBlob = (): Blob => {
  const b = new Blob(['send_s,prompt_tokens,output_tokens\n0,1,1\n']);
  Object.defineProperty(b, 'size', { value: MAX_IMPORT_BYTES + 1 });
  return b;
};

describe('one door for result files and traces', () => {
  it('a file over the cap is refused before it is read, naming its size and the cap', async () => {
    const trace = await importTraceSource(hugeBlob());
    const run = await importSource(hugeBlob(), { fileName: 'big.json' });
    expect(trace).toEqual({ ok: false, error: 'the trace is more than 512 MB; the lab reads files up to 512 MB: take a slice of it first (fewer requests, or a shorter time)' });
    expect(run.ok).toBe(false);
    if (!run.ok) expect(run.error).toMatch(/^the file is more than 512 MB; the lab reads files up to 512 MB/);
    expect((await readSourceText(new Blob(['x']), 'trace')).ok).toBe(true);
  });

  it('the size is named as it is when it does not round to the cap; at the cap nothing is refused', () => {
    expect(sizeProblem(600 * 1024 * 1024, 'trace')).toMatch(/^the trace is 600 MB; the lab reads files up to 512 MB/);
    expect(sizeProblem(MAX_IMPORT_BYTES, 'trace')).toBeNull();
  });

  it('a binary trace is refused as the result files are (gzip named), not as a bad header', async () => {
    const gz = '\u001f\ufffd\u0008\u0000' + '\u0000\u0001\u0002'.repeat(200);
    const r = await importTraceSource(new Blob([gz]));
    expect(r).toEqual({ ok: false, error: 'this is a gzip archive (unpack it first), not a text trace (JSON, JSONL or CSV)' });
    const run = await importSource(gz, { fileName: 'x.json.gz' });
    expect(run.ok ? '' : run.error).toBe('this is a gzip archive (unpack it first), not a text result file (JSON, JSONL or CSV)');
  });

  it('a trace with a byte-order mark and old Mac line ends reads like a clean one; an empty one says so', async () => {
    const clean = await importTraceSource('send_s,prompt_tokens,output_tokens\n0,10,5\n1.5,20,6\n');
    const mac = await importTraceSource(new Blob(['\ufeffsend_s,prompt_tokens,output_tokens\r0,10,5\r1.5,20,6\r']));
    expect(mac).toEqual(clean);
    expect(clean.ok && clean.trace.sendS).toEqual([0, 1.5]);
    expect(await importTraceSource(new Blob(['  \n'])).then((r) => (r.ok ? '' : r.error))).toBe('the trace is empty');
  });

  it('a malformed row still names its line; a header with control characters is shown escaped', async () => {
    const bad = await importTraceSource('send_s,prompt_tokens,output_tokens\n0,10,5\n1,ten,5\n');
    expect(bad.ok ? '' : bad.error).toMatch(/^line 3: the prompt length must be a whole number/);
    // One escape in a longer file is under the binary rule's 2%: it reaches the header check.
    const header = await importTraceSource(`when\u001b[2J,in,out\n${'0,1,1\n'.repeat(20)}`);
    expect(header.ok ? '' : header.error).toMatch(/^line 1: not a trace header \(when\\u001b\[2J,in,out\)/);
  });
});
