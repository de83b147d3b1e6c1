import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // each test file builds its own app on its own database; argon2 is CPU-heavy on 2 cores
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run test:stress`: crash, scale-out and brute-force runs too long for every CI run
          name: 'stress',
          environment: 'node',
          include: ['apps/api/stress/**/*.stress.test.ts'],
          maxWorkers: 1,
          testTimeout: 900_000,
          hookTimeout: 300_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
