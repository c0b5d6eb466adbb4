/**
 * Marks react-router's top-level React.createContext/forwardRef/memo calls as pure (/* @__PURE__ *\/). A call is a
 * side effect to the bundler, so every context and component react-router defines (Form, NavLink, FetcherForm, the
 * framework and RSC contexts...) stayed in the entry chunk, used or not. These React functions only build an object
 * from their arguments: marked pure, the unused ones are dropped.
 */
import type { Plugin } from 'vite';

const REACT_ROUTER = /\/node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/;
const CALL = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;

export function pureReactCalls(): Plugin {
  return {
    name: 'pure-react-calls',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER },
      handler(code, id) {
        if (!REACT_ROUTER.test(id)) return null;
        return { code: code.replace(CALL, '/* @__PURE__ */ $1'), map: null };
      },
    },
  };
}
