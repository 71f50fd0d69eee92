import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A real PostgreSQL for the run, where one is installed: the store contract runs on it too.
    globalSetup: ['test/fixtures/postgres-server.ts'],
    // sharp and onnxruntime use native threads; forks isolate them cleanly per file.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
