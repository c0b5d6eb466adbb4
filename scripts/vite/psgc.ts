/**
 * Ships the PSGC address data (scripts/psgc.ts) as static JSON files under /psgc/: written into the build, served
 * from memory in dev. The address picker fetches one level at a time, so no PSGC data sits in a JS bundle.
 *
 * __PSGC_VERSION__ (a hash of every file) is defined for the picker to append as ?v=: the files keep their names
 * when the data changes, and the service worker serves same-origin files cache-first, so a new version must change
 * the URL (and with it the chunk that fetches it, which renews the service worker).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { loadPsgcSource, normalisePsgc, psgcFiles } from '../psgc.ts';

/** Content hash of a set of PSGC files. */
export function psgcVersion(files: { fileName: string; json: string }[]): string {
  const hash = createHash('sha256');
  for (const { fileName, json } of files) hash.update(fileName).update('\0').update(json).update('\0');
  return hash.digest('hex').slice(0, 10);
}

export function psgcData(): Plugin {
  let files: Map<string, string> | undefined;
  const load = () => (files ??= new Map(psgcFiles(normalisePsgc(loadPsgcSource())).map((f) => [f.fileName, f.json])));
  return {
    name: 'psgc-data',
    // Dev leaves the data unread until the first request: it costs about half a second.
    config: (_config, { command }) => ({
      define: {
        __PSGC_VERSION__: JSON.stringify(
          command === 'build' ? psgcVersion([...load()].map(([fileName, json]) => ({ fileName, json }))) : 'dev',
        ),
      },
    }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith('/psgc/')) return next();
        const json = load().get(path.slice(1));
        res.setHeader('content-type', 'application/json');
        if (json === undefined) {
          res.statusCode = 404;
          res.end(JSON.stringify({ code: 'NOT_FOUND', message: `No PSGC file ${path}` }));
          return;
        }
        res.end(json);
      });
    },
    // Written beside the bundle rather than emitted through Rollup, so the build log does not list 1,700 files.
    writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      for (const [fileName, source] of load()) {
        const target = join(outDir, fileName);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, source);
      }
    },
  };
}
