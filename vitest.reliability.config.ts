import { defineConfig } from 'vitest/config';

/** `npm run soak`: the reliability suites at full size (SOAK=full). */
export default defineConfig({
  test: {
    name: 'soak',
    environment: 'node',
    include: ['test/reliability/**/*.test.ts'],
    env: { SOAK: 'full' },
    testTimeout: 3_600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
