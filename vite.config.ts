import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chartStyleSheet } from './src/views/chart/palette.ts';

/**
 * The built page's Content-Security-Policy, as a meta tag (the lab is served
 * as static files, so there are no headers to rely on). Everything comes from
 * the page's own origin; `connect-src` also allows http: and https: because
 * the compare panel measures an endpoint the user types in (any host, often
 * http://127.0.0.1:8000): the only requests that ever leave the origin, and
 * only when the user asks. Images may be data:/blob: (a chart saved as PNG is
 * drawn from a blob: URL). The one inline style, the charts' palette sheet
 * (`chartStyleSheet`, a `<style>` in every chart), is allowed by its hash.
 * Not in `vite dev`, whose hot reload needs inline scripts and a websocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' 'sha256-${createHash('sha256').update(chartStyleSheet()).digest('base64')}'`,
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "worker-src 'self'",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'latency-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  // Relative base so the built lab works from any folder or a file server.
  base: './',
  plugins: [react(), tailwindcss(), contentSecurityPolicy()],
  build: { target: 'es2022', sourcemap: false },
  worker: { format: 'es' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // Guards against a hang, not a speed test: vitest's 5 s default failed a property test that took
    // 6.2 s on a 2-core machine with both cores busy, and the calibration check took over 3 minutes
    // when the machine's load average was 24. Speed is measured by npm run bench instead.
    // One module graph per worker instead of one per file: on 2 cores the per-file fork, setup and
    // imports cost more than the tests (measured: the files outside test/engine and test/cli took
    // 45.7 s isolated, 18.0 s shared). Safe because no test leaves state behind: stores are made per
    // test (createLabStore with a fake window), fake timers are restored, nothing is mocked by module.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, with the
    // main process idle. At least two: the unit tests took 77 s here against 126 s with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
