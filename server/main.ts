/** The server process: settings from the environment, logging, graceful shutdown. */
import { buildApp } from './app.ts';
import { readSettings } from './settings.ts';

const { settings, problems } = readSettings(process.env);
if (!settings) {
  for (const problem of problems) console.error(`Configuration error: ${problem}`);
  process.exit(1);
}

const app = await buildApp({ webDist: settings.webDist, logger: { level: settings.logLevel } });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  const address = await app.listen({ port: settings.port, host: settings.host });
  app.log.info(`web app and API on ${address.replace('0.0.0.0', 'localhost')}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
