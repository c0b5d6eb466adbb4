/** Starts the real server on the built app (dist/) for the end-to-end suites, on a free port. */
import type { TestProject } from 'vitest/node';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from '#server/app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const webDist = resolve('dist');
  if (!existsSync(resolve(webDist, 'index.html')))
    throw new Error('dist/ has no build: run "npm run build" before the e2e suite');
  const app = await buildApp({ webDist });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseUrl', address);
  return async () => {
    await app.close();
  };
}
