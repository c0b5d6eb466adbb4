/**
 * Development: the API (server/app.ts, no built web app) on API_PORT (3001) and Vite's dev server with hot reload on
 * http://localhost:5173, proxying /api to the API.
 */
import { createServer } from 'vite';
import { buildApp } from '#server/app.ts';
import type { LogLevel } from '#server/logger.ts';

const apiPort = Number(process.env['API_PORT'] ?? '3001');
const api = await buildApp({ log: { level: (process.env['LOG_LEVEL'] ?? 'info') as LogLevel } });
await api.listen({ port: apiPort, host: '127.0.0.1' });

const vite = await createServer({ server: { port: Number(process.env['PORT'] ?? '5173'), host: true } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  await Promise.allSettled([vite.close(), api.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
