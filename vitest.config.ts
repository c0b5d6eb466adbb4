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
          include: ['{engine,domain,config,schemas,locales,src,staff,server,scripts}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // No test may depend on the machine's speed: a database suite on a busy 2-core machine takes its time.
          testTimeout: 120_000,
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
          // Each file has its own Chromium and its own server and database (or reads the shared built app only), so
          // files run side by side: a journey spends most of its time waiting for the server's timers and the app's
          // polls, and three of them share two cores well.
          maxWorkers: 3,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A browser on a busy 2-core machine takes its time: expect.poll waits up to 15 s, not Vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
