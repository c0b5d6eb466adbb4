/**
 * Tells the probe about every React commit, whichever component it updated: a stand-in for the React DevTools hook
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`), which react-dom looks for when its module is evaluated and, when found, calls
 * after every commit of a root (its layout effects done), in production builds too. So it must exist before
 * react-dom is evaluated: main.tsx imports this module first.
 */

/** The probe's listener, called after each commit. */
export const commitListener: { current: () => void } = { current: () => undefined };

declare global {
  interface Window {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown;
  }
}

window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot: () => commitListener.current(),
};
