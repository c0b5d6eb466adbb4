/** The patch pure-react-calls makes still applies to the installed react-router, and a new version stops the build. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedReactRouter, markPure, PINNED_REACT_ROUTER, reactRouterMismatch } from './pure-react-calls.ts';

const production = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

describe('pure-react-calls', () => {
  it('is pinned to the installed react-router, and refuses another version loudly', () => {
    expect(installedReactRouter()).toBe(PINNED_REACT_ROUTER);
    expect(reactRouterMismatch(PINNED_REACT_ROUTER)).toBeUndefined();
    expect(reactRouterMismatch('7.99.0')).toMatch(/react-router 7\.99\.0 is installed/u);
  });

  it("marks every top-level React call of react-router's production chunk and drops its displayName writes", () => {
    let calls = 0;
    let names = 0;
    for (const file of readdirSync(production).filter((f) => f.endsWith('.mjs'))) {
      const code = readFileSync(join(production, file), 'utf8');
      const result = markPure(code);
      calls += result.calls;
      names += result.names;
      // Nothing left unmarked: every call the expression knows is preceded by the pure annotation.
      expect(
        result.code.match(/(?<!\/\* @__PURE__ \*\/ )(?<![\w$.])React\d*\.(?:createContext|forwardRef|memo)\(/gu),
      ).toBeNull();
    }
    // What react-router 7.18.5 holds (contexts, Link, NavLink, Form...): fewer means the patch no longer applies.
    expect(calls).toBeGreaterThanOrEqual(17);
    expect(names).toBeGreaterThanOrEqual(15);
  });
});
