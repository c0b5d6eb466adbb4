/**
 * Leaves out of each lazy import's preload list the chunks its importer has loaded already. Vite lists, for every
 * `import()`, all the chunks the imported one needs, and the entry's list for each of the ~30 screens names React, its
 * JSX runtime, i18next and the config again: files that are in the page since the entry ran (index.html preloads
 * them), which the preload helper only looks up in the document to skip. Every chunk a chunk imports statically is
 * loaded before it runs, so for an `import()` in chunk C, C's own static imports (and theirs) can go: fewer names in
 * the entry's list of files and shorter lists, the same requests.
 */
import type { Plugin, Rollup } from 'vite';

export function preloadDeps(): Plugin {
  let bundle: Rollup.OutputBundle | undefined;
  /** The chunks `file` imports statically, at any depth: loaded before it runs. */
  const loadedWith = (file: string, found = new Set<string>()): Set<string> => {
    const chunk = bundle?.[file];
    if (chunk?.type !== 'chunk') return found;
    for (const imported of chunk.imports) {
      if (found.has(imported)) continue;
      found.add(imported);
      loadedWith(imported, found);
    }
    return found;
  };
  return {
    name: 'preload-deps',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          // Called by Vite's import analysis (its generateBundle) for each import() of chunk `hostId`, with the JS
          // chunks to preload (the stylesheets are kept apart and always loaded).
          resolveDependencies: (_imported, deps, { hostId, hostType }) => {
            if (hostType !== 'js' || !bundle) return deps;
            const loaded = loadedWith(hostId);
            return deps.filter((dep) => !loaded.has(dep));
          },
        },
      },
    }),
    // Runs before Vite's import analysis writes the lists: the bundle it will read.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}
