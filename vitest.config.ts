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
          // every app a test builds logs through the personal-data scan; a file whose logs held any fails
          setupFiles: ['apps/api/test/support/log-scan.setup.ts'],
          // each test file builds its own app on its own database; argon2 is CPU-heavy on 2 cores
          maxWorkers: 2,
          // some files spy once at import and read the calls of the whole file (proof-matrix's statements)
          clearMocks: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          // the production artefact built and started as the Dockerfile does (npm test -- prod)
          name: 'production',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 120_000,
          // two npm installs and a full build
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
