/**
 * Ships the translation catalogs as static JSON files (/locales/<lng>/<ns>.json, fetched by i18next when needed)
 * instead of JS chunks: the entry carries one URL pattern rather than a map of every catalog, and JSON parses faster.
 * English `common` also ships inside the entry (src/i18n.ts) because the first render needs it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

function catalogs(dir: string): { file: string; json: string }[] {
  return readdirSync(dir)
    .sort()
    .flatMap((lng) =>
      readdirSync(join(dir, lng))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({
          file: `${lng}/${f}`,
          json: JSON.stringify(JSON.parse(readFileSync(join(dir, lng, f), 'utf8'))),
        })),
    );
}

/** Version of the catalogs: changes whenever any translation changes, so caches never serve stale text. */
export function localesVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const { file, json } of catalogs(dir)) hash.update(file).update(json);
  return hash.digest('hex').slice(0, 10);
}

export function localeFiles(dir: string): Plugin {
  return {
    name: 'locale-files',
    config: () => ({ define: { __LOCALES_VERSION__: JSON.stringify(localesVersion(dir)) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/locales\/([\w-]+)\/([\w-]+)\.json/.exec(req.url ?? '');
        if (!match) return next();
        const found = catalogs(dir).find((c) => c.file === `${match[1]}/${match[2]}.json`);
        if (!found) return next();
        res.setHeader('content-type', 'application/json');
        res.end(found.json);
      });
    },
    generateBundle() {
      for (const { file, json } of catalogs(dir))
        this.emitFile({ type: 'asset', fileName: `locales/${file}`, source: json });
    },
  };
}
