/** The files rjsf-trim replaces are still what the installed @rjsf/core imports, and another version stops the build. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PINNED_RJSF_CORE, rjsfCoreDir, rjsfTrim, rjsfTrimMismatch, TRIMMED } from './rjsf-trim.ts';

const copy = mkdtempSync(join(tmpdir(), 'rjsf-trim-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const resolve = (source: string, importer: string): unknown =>
  (rjsfTrim().resolveId as (source: string, importer: string) => unknown)(source, importer);

describe('rjsf-trim', () => {
  it('applies to the installed @rjsf/core, the version it is pinned to', () => {
    const manifest = JSON.parse(readFileSync(join(rjsfCoreDir(), 'package.json'), 'utf8')) as { version: string };
    expect(manifest.version).toBe(PINNED_RJSF_CORE);
    expect(rjsfTrimMismatch(rjsfCoreDir())).toBeUndefined();
  });

  it("redirects each file @rjsf/core's index files import that it replaces, and nothing else", () => {
    for (const { index } of TRIMMED) {
      const importer = join(rjsfCoreDir(), index);
      const imports = [...readFileSync(importer, 'utf8').matchAll(/from "([^"]+)"/gu)].map((m) => m[1]!);
      const redirected = imports.filter((source) => resolve(source, importer) !== null);
      expect(redirected.length, index).toBe(TRIMMED.find((t) => t.index === index)?.count);
      expect(
        redirected.every((source) => /stand-ins\//u.test(String(resolve(source, importer)))),
        index,
      ).toBe(true);
    }
    expect(resolve('./LayoutGridField.js', '/app/src/anything.ts')).toBeNull();
  });

  it('stops the build, saying why, on another version or when a replaced file is no longer imported', () => {
    cpSync(rjsfCoreDir(), copy, { recursive: true, filter: (src) => !src.includes('/dist') && !src.includes('/src/') });
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, version: '6.12.0' }));
    expect(rjsfTrimMismatch(copy)).toMatch(/@rjsf\/core 6\.12\.0 is installed/u);
    writeFileSync(join(copy, 'package.json'), JSON.stringify(manifest));
    const widgets = join(copy, 'lib/components/widgets/index.js');
    writeFileSync(widgets, readFileSync(widgets, 'utf8').replace('from "./RangeWidget.js"', 'from "./range/index.js"'));
    expect(rjsfTrimMismatch(copy)).toMatch(/imports 6 of the 7 files the plugin replaces/u);
  });
});
