import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the CLI with a stdout whose reader is gone before the CLI writes anything. */
function runWithClosedStdout(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed now, synchronously: the CLI has not even started, so its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('a reader that goes away', () => {
  it('predict --json into a closed pipe exits 0 without a stack trace', async () => {
    const r = await runWithClosedStdout(['predict', '--json', '--requests', '20']);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.status).toBe(0);
  }, 60_000);
  it('a bad option still says so on stderr and exits 2', async () => {
    const r = await runWithClosedStdout(['predict', '--users', 'many']);
    expect(r.stderr).toMatch(/--users/);
    expect(r.status).toBe(2);
  }, 60_000);
});
