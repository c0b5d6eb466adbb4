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
          include: [
            '{engine,domain,config,forms,locales,src,staff,scripts}/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // Much of a run waits (a process started, a database answering): four files at a time share two cores well.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 4,
          // The server suites share a worker's modules: each opens its own app on its own database and closes both, and
          // none mocks a module or a global, so what one file leaves in a module (the forms' built validators, kept by
          // content) is only reused, not seen. Importing the server and building the seed forms once per worker
          // rather than per file saves about a minute of CPU a run.
          isolate: false,
          // No test may depend on the machine's speed: a database suite on a busy 2-core machine (the browser suites run
          // beside this project) takes its time; a timeout only says how long a hung test holds the run.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          // Reading and compressing the whole build takes seconds, more on a busy machine: no test depends on its speed.
          testTimeout: 120_000,
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
          // As in the server project: a worker imports the helpers, the server and the seed forms once for all the
          // files it runs (each file still has its own Chromium, server and database, and none mocks a module or a
          // global), which saves about a minute of CPU a run.
          isolate: false,
          // Beside the unit and server suites on a busy 2-core machine a journey takes its time; a timeout only says how long
          // a hung test holds the run.
          testTimeout: 180_000,
          // A server's start (a database copied from its template, the app built) waits its turn on a busy machine.
          hookTimeout: 120_000,
          // A browser on a busy 2-core machine takes its time: expect.poll waits up to 15 s, not Vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
