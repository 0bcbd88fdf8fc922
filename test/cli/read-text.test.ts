import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { runImport } from '../../src/cli/import';
import { readTextFile, TextFileError } from '../../src/cli/readText';
import { MAX_IMPORT_BYTES } from '../../src/import/textRules';

// Files the CLI is given pass the page's text rules: the size is known before a byte is read.
let dir = '';
const at = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lab-read-text-'));
  // Sparse: one byte over the cap, and no disk space taken (nothing is written).
  writeFileSync(at('huge.csv'), '');
  truncateSync(at('huge.csv'), MAX_IMPORT_BYTES + 1);
  writeFileSync(at('at-cap.csv'), '');
  truncateSync(at('at-cap.csv'), MAX_IMPORT_BYTES);
  // A gzip header and bytes that are not UTF-8.
  writeFileSync(at('trace.csv.gz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, ...Array.from({ length: 3000 }, (_, i) => (i * 151 + 7) % 256)]));
  // A byte-order mark and old Mac line ends: read as the page reads them.
  writeFileSync(at('mac.csv'), '\ufeffsend_s,prompt_tokens,output_tokens\r0,100,10\r0.5,200,20\r');
  mkdirSync(at('folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function importCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runImport(argv, (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('readTextFile: the text rules before the text', () => {
  it('refuses a file over the cap from its size alone, naming the size and the cap', () => {
    expect(() => readTextFile(at('huge.csv'), 'trace')).toThrow(TextFileError);
    expect(() => readTextFile(at('huge.csv'), 'trace')).toThrow(/^the trace is more than 512 MB; the lab reads files up to 512 MB: take a slice of it first/);
  });

  it('a file at the cap is not refused for its size (its zeros are refused as binary, from the first chunk)', () => {
    expect(() => readTextFile(at('at-cap.csv'), 'trace')).toThrow(/^this is binary data, not a text trace/);
  });

  it('refuses binary data and names the container', () => {
    expect(() => readTextFile(at('trace.csv.gz'), 'trace')).toThrow(/^this is a gzip archive \(unpack it first\), not a text trace/);
  });

  it('refuses a folder, and lets the file system say when a file is missing', () => {
    expect(() => readTextFile(at('folder'), 'result file')).toThrow(/is a folder, not a result file$/);
    expect(() => readTextFile(at('missing.csv'), 'trace')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it.skipIf(!existsSync('/dev/zero'))('a device with no size is stopped at its first chunk (zeros are binary), not read forever', () => {
    expect(() => readTextFile('/dev/zero', 'trace')).toThrow(/^this is binary data, not a text trace/);
  });
});

describe('the CLI commands that read files', () => {
  it('predict --trace: a file over the cap exits 2 with the reason', () => {
    const r = cli(['predict', '--trace', at('huge.csv')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^lab: --trace .*huge\.csv: the trace is more than 512 MB; the lab reads files up to 512 MB/);
    expect(r.out).toBe('');
  });

  it('predict --trace: a binary file exits 2 with the reason', () => {
    const r = cli(['predict', '--trace', at('trace.csv.gz')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^lab: --trace .*trace\.csv\.gz: this is a gzip archive \(unpack it first\), not a text trace/);
  });

  it('predict --replay: a file over the cap or binary exits 2, naming a result file', () => {
    const big = cli(['predict', '--replay', at('huge.csv')]);
    expect(big.code).toBe(2);
    expect(big.err).toMatch(/^lab: --replay .*huge\.csv: the result file is more than 512 MB; the lab reads files up to 512 MB/);
    const bin = cli(['predict', '--replay', at('trace.csv.gz')]);
    expect(bin.code).toBe(2);
    expect(bin.err).toMatch(/: this is a gzip archive \(unpack it first\), not a text result file/);
  });

  it('predict --trace: a BOM and CR-only line ends read as on the page', () => {
    const r = cli(['predict', '--trace', at('mac.csv'), '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).trace).toMatchObject({ format: 'plain-csv', requests: 2 });
  });

  it('import: a file over the cap, a binary file and a folder are refused with exit 1, each with its reason', () => {
    const r = importCli([at('huge.csv'), at('trace.csv.gz'), at('folder')]);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n');
    expect(lines[0]).toMatch(/^lab import: could not import .*huge\.csv: the result file is more than 512 MB; the lab reads files up to 512 MB/);
    expect(lines[1]).toMatch(/^lab import: could not import .*trace\.csv\.gz: this is a gzip archive \(unpack it first\), not a text result file/);
    expect(lines[2]).toMatch(/^lab import: could not import .*folder: ".*folder" is a folder, not a result file\.$/);
  });
});
