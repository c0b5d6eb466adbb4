/** Writes .gz (level 9) and .br (quality 11) beside every text asset so the server sends them precompressed. */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest|txt)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel on every core.
    async closeBundle() {
      const files = walk(outDir).filter((file) => COMPRESSIBLE.test(file) && !file.includes('/.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < 512) return;
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
