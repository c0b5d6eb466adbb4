/**
 * Writes .vite/modules.json beside Vite's manifest: for every chunk, the source modules it holds. The budget tests use
 * it to prove which libraries each route downloads (for example: no route fetches @rjsf or ajv before it shows a form).
 */
import type { Plugin } from 'vite';

export interface ChunkModules {
  [fileName: string]: {
    modules: string[];
    sizes: Record<string, number>;
    imports: string[];
    dynamicImports: string[];
    css: string[];
    isEntry: boolean;
    facade: string | null;
  };
}

export function bundleReport(root: string): Plugin {
  const rel = (id: string) => id.replace(root, '').replace(/^\/+/, '').replace(/\?.*$/, '');
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: ChunkModules = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        report[item.fileName] = {
          modules: item.moduleIds.map(rel),
          // Minified bytes each module contributes to the chunk (before gzip): what to cut first.
          sizes: Object.fromEntries(Object.entries(item.modules).map(([id, m]) => [rel(id), m.renderedLength])),
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          isEntry: item.isEntry,
          facade: item.facadeModuleId ? rel(item.facadeModuleId) : null,
        };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(report, null, 2) });
    },
  };
}
