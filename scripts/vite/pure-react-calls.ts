/**
 * Marks react-router's top-level React.createContext/forwardRef/memo calls as pure (/* @__PURE__ *\/). A call is a
 * side effect to the bundler, so every context and component react-router defines (Form, NavLink, FetcherForm, the
 * framework and RSC contexts...) stayed in the entry chunk, used or not. These React functions only build an object
 * from their arguments: marked pure, the unused ones are dropped. Their top-level `displayName` assignments (names for
 * React DevTools) would keep them alive all the same, so they go too.
 *
 * It earns its bytes on every borrower route: without it /start needs 4.3 KB gzip more (116.8 KB against 112.5 KB,
 * measured on react-router 7.18.5). It rewrites react-router's code by regular expression, so it is pinned: the build
 * fails when react-router is not the version it was written for, or when it finds nothing to mark in react-router's
 * production chunk (scripts/vite/pure-react-calls.test.ts runs it on the installed files).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** The react-router version whose production build these expressions were written against. */
export const PINNED_REACT_ROUTER = '7.18.5';

const REACT_ROUTER = /\/node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/;
const CALL = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;
/** `Name.displayName = "Name";` at the top level: a name for React DevTools, and a write that keeps Name alive. */
const DISPLAY_NAME = /^[\w$]+\.displayName = ("[^"\n]*"|'[^'\n]*');?$/gm;

/** The installed react-router's version. */
export function installedReactRouter(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('react-router/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Why the plugin cannot run on `version`, or undefined when it can. */
export function reactRouterMismatch(version: string): string | undefined {
  return version === PINNED_REACT_ROUTER
    ? undefined
    : `pure-react-calls rewrites react-router ${PINNED_REACT_ROUTER}'s code, but react-router ${version} is installed: ` +
        'check that its production chunk still defines its contexts and components with top-level React calls, ' +
        'measure /start with and without the plugin, then update PINNED_REACT_ROUTER (scripts/vite/pure-react-calls.ts).';
}

/** react-router's module `code` with its React calls marked pure and its displayName writes gone, and how many of each. */
export function markPure(code: string): { code: string; calls: number; names: number } {
  let calls = 0;
  let names = 0;
  const out = code
    .replace(CALL, (call: string) => {
      calls++;
      return `/* @__PURE__ */ ${call}`;
    })
    .replace(DISPLAY_NAME, () => {
      names++;
      return '';
    });
  return { code: out, calls, names };
}

export function pureReactCalls(): Plugin {
  let marked = 0;
  let seen = 0;
  return {
    name: 'pure-react-calls',
    apply: 'build',
    buildStart() {
      const mismatch = reactRouterMismatch(installedReactRouter());
      if (mismatch) this.error(mismatch);
      marked = 0;
      seen = 0;
    },
    transform: {
      filter: { id: REACT_ROUTER },
      handler(code, id) {
        if (!REACT_ROUTER.test(id)) return null;
        seen++;
        const result = markPure(code);
        marked += result.calls;
        return { code: result.code, map: null };
      },
    },
    buildEnd() {
      if (seen > 0 && marked === 0)
        this.error('pure-react-calls found no React call to mark in react-router: its patch no longer applies.');
    },
  };
}
