/*
 * The one script a prerendered page loads before its first paint (scripts/prerender.ts writes it to
 * dist/assets/boot-<hash>.js, and what it starts into the script element's data attributes). It lets the browser
 * paint the page's markup, then starts at once everything the first screen needs, side by side:
 * - data-entry and data-preload: the app's entry (first) and the modules it and the screen import;
 * - data-style: the screen's stylesheets, when the page holds only its frame (its loading state);
 * - data-fetch: the catalogs the screen renders with and the forms manifest (public GETs);
 * - data-session: what the screen first asks the API for as the signed-in borrower (GETs with the session's
 *   headers, read from where the app keeps them: src/api/session.ts).
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
  import(boot.dataset.entry);
  const preload = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
  for (const href of list('data-preload')) preload('modulepreload', href);
  for (const href of list('data-style')) preload('preload', href, 'style');
  const get = (url, headers) => {
    const response = fetch(url, { headers: { accept: 'application/json', ...headers }, cache: 'no-store' });
    response.catch(() => undefined);
    early.set(url, { authorization: headers?.authorization ?? null, response });
  };
  // Each in a task of its own, so none holds the main thread long (reading the session's storage the first time can).
  setTimeout(() => {
    for (const url of list('data-fetch')) get(url);
  }, 0);
  setTimeout(() => {
    const headers = session();
    if (headers) for (const url of list('data-session')) get(url, headers);
  }, 0);
}
// After the next frame has painted; a page opened in the background (no frames) starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
// A frame that never comes (a browser that throttles them) does not hold the app back.
setTimeout(start, 500);
