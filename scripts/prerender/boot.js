/*
 * The one script a prerendered page loads before its first paint (scripts/prerender.ts writes it to
 * dist/assets/boot-<hash>.js, and what it starts into the script element's data attributes). It lets the browser
 * paint the page's markup, then starts at once everything the first screen needs, side by side:
 * - data-entry and data-preload: the app's entry (first) and the modules it and the screen import;
 * - data-style: the screen's stylesheets, when the page holds only its frame (its loading state);
 * - data-fetch: the catalogs the screen renders with and the forms manifest (public GETs);
 * - data-session: what the screen first asks the API for as the signed-in borrower (GETs with the session's
 *   headers, read from where the app keeps them: src/api/session.ts);
 * - on a step of the published flow, its form and validator, once the forms manifest names them.
 * The app takes those answers instead of asking again (src/api/early.ts: `bootEarly`, by URL, once). Nothing before
 * the first paint competes with the stylesheets it needs.
 */
const boot = document.querySelector('script[data-entry]');
const early = new Map();
window.bootEarly = early;
const list = (name) => (boot.getAttribute(name) ?? '').split(' ').filter(Boolean);

function session() {
  try {
    const core = JSON.parse(localStorage.getItem('core') ?? 'null');
    const { token, customerId } = core?.state?.publicData ?? {};
    const device = localStorage.getItem('deviceId');
    if (!token || !customerId || !device) return undefined;
    return { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'x-device-id': device };
  } catch {
    return undefined;
  }
}

let started = false;
function start() {
  if (started || !boot) return;
  started = true;
  const link = (rel, href, as) => {
    const element = document.createElement('link');
    element.rel = rel;
    if (as) element.as = as;
    element.crossOrigin = '';
    element.href = href;
    document.head.append(element);
  };
  const get = (url, headers, cache = 'no-store') => {
    const response = fetch(url, { headers: { accept: 'application/json', ...headers }, cache });
    response.catch(() => undefined);
    early.set(url, { authorization: headers?.authorization ?? null, response });
    return response;
  };
  // A step of the published flow at this path: its form and validator, named by the forms manifest, as soon as that
  // arrives (src/forms/step-modules.ts takes the form; the validator's import finds its preload). Immutable files.
  const step = (manifest) =>
    manifest
      .then((response) => response.clone().json())
      .then((published) => {
        const at = published.flow.steps.find((entry) => entry.route === location.pathname);
        const form = at && published.forms[at.schema];
        if (!form) return;
        get(form.form, undefined, 'default');
        link('modulepreload', form.validator);
      })
      .catch(() => undefined);
  // Each step in a task of its own, in this order, so none holds the main thread long on a slow phone: reading the
  // session's storage the first time can, and each request costs a few milliseconds to start (four modules' preloads
  // in one task measured 37 ms on a 2-core machine, well over Lighthouse's 50 ms at its 4x slower CPU).
  let headers;
  const steps = [() => import(boot.dataset.entry), () => (headers = session())];
  for (const url of list('data-session')) steps.push(() => headers && get(url, headers));
  for (const url of list('data-fetch')) steps.push(() => (url.endsWith('/forms/manifest') ? step(get(url)) : get(url)));
  for (const href of list('data-preload')) steps.push(() => link('modulepreload', href));
  for (const href of list('data-style')) steps.push(() => link('preload', href, 'style'));
  for (const step of steps) setTimeout(step, 0);
}
// After the next frame has painted; a page opened in the background (no frames) starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
// A frame that never comes (a browser that throttles them) does not hold the app back.
setTimeout(start, 500);
