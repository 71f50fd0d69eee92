import { defineConfig } from 'vitest/config';

/** The Docker tests (npm run test:docker): one file at a time, as they share one engine and its cache. */
export default defineConfig({
  test: {
    include: ['test/docker/**/*.test.ts'],
    globalSetup: ['test/fixtures/docker-build-cache.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
