/**
 * Marks react-router's top-level React.createContext/forwardRef/memo calls as pure (/* @__PURE__ *\/). A call is a
 * side effect to the bundler, so every context and component react-router defines (Form, NavLink, FetcherForm, the
 * framework and RSC contexts...) stayed in the entry chunk, used or not. These React functions only build an object
 * from their arguments: marked pure, the unused ones are dropped. Their top-level `displayName` assignments (names for
 * React DevTools) would keep them alive all the same, so they go too.
 */
import type { Plugin } from 'vite';

const REACT_ROUTER = /\/node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/;
const CALL = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;
/** `Name.displayName = "Name";` at the top level: a name for React DevTools, and a write that keeps Name alive. */
const DISPLAY_NAME = /^[\w$]+\.displayName = ("[^"\n]*"|'[^'\n]*');?$/gm;

export function pureReactCalls(): Plugin {
  return {
    name: 'pure-react-calls',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER },
      handler(code, id) {
        if (!REACT_ROUTER.test(id)) return null;
        return { code: code.replace(CALL, '/* @__PURE__ */ $1').replace(DISPLAY_NAME, ''), map: null };
      },
    },
  };
}
