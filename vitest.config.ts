import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A real PostgreSQL for the run, where one is installed: the store contract runs on it too.
    // The CLI built once for the whole run (test/fixtures/build-cli.ts).
    globalSetup: ['test/fixtures/postgres-server.ts', 'test/fixtures/build-cli.ts'],
    // sharp and onnxruntime use native threads; forks isolate them cleanly per file.
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one at a time on CI's two, which ran the
    // suite in 800 s. Much of it waits on child processes, PostgreSQL, Chromium and sockets, so two
    // files at once took 447 s on the same machine (2026-11-27), every test passing. Three took
    // 441 s against 469 and 497 s for two (2026-12-05, two cores): the real-photo suites, which
    // keep both cores busy, run a third slower beside each other, but the waits overlap them.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Limits against a hang, not figures: a test sharing two cores with another file's models runs
    // up to twice as long as alone, and this machine's speed varies by half from run to run.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
