import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set (the test command sets it
// to a throwaway database on the local PostgreSQL), once more on PostgreSQL.
const kinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: kinds.map((kind) => ({
      test: {
        name: kind,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        environment: 'node',
        globalSetup: ['test/support/global-setup.ts'],
        env: { TEST_DB_KIND: kind },
        // Generous: these machines are shared and a loaded one runs an import test several
        // times slower; timings are measured in `npm run bench`, never here.
        testTimeout: 120_000,
        hookTimeout: 120_000,
        pool: 'forks',
      },
    })),
  },
});
