import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          setupFiles: ['tests/setup/dom-cleanup.ts'],
          include: ['{engine,domain,config,schemas,locales,src,server,scripts}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The server suites make dozens of database round trips per test (PGlite in WebAssembly, or PostgreSQL) and
          // migrate a fresh database per file: on a loaded machine vitest's 5 s default failed them while nothing was
          // wrong (issue 10, payout-step.test.ts). Timeouts catch hangs here, not slowness; no test measures speed.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
