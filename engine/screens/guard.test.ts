import { describe, expect, it } from 'vitest';
import { UA } from '../layout/user-agents.fixture.ts';
import { guard, isLoggedIn, type GuardPolicy } from './guard.ts';
import { RouteTable } from './route-table.ts';

const table = new RouteTable([
  { name: 'root', path: '/', redirect: '/start', noCheck: true },
  {
    name: 'start',
    path: '/start',
    screen: 'start',
    noCheck: true,
    loggedInRedirect: '/homeIndex',
    aliases: ['/login'],
  },
  { name: 'homeIndex', path: '/homeIndex', screen: 'homeIndex', keepAlive: true, aliases: ['/home'] },
  { name: 'privacy', path: '/privacy', screen: 'privacy', noCheck: true },
  { name: 'noAndroid', path: '/noAndroid', screen: 'noAndroid', noCheck: true },
  { name: 'setup', path: '/setup', screen: 'setup' },
]);
const policy: GuardPolicy = { loginPath: '/start', unsupportedPlatforms: ['android'], unsupportedPath: '/noAndroid' };
const loggedIn = { token: 't0k3n', customerId: '42' };
// The table's own lookup stands in for the router's match.
const go = (pathname: string, extra: Partial<Parameters<typeof guard>[0]> = {}) =>
  guard({ pathname, search: '', userAgent: UA.iPhone, match: table.resolve(pathname), ...extra }, policy);

describe('guard: platform', () => {
  it('sends any Android browser to /noAndroid, logged in or not, from any route', () => {
    for (const path of ['/', '/start', '/privacy', '/setup', '/nowhere']) {
      expect(go(path, { userAgent: UA.android })).toMatchObject({ redirect: '/noAndroid', reason: 'platform' });
      expect(go(path, { userAgent: UA.android, ...loggedIn })).toMatchObject({ redirect: '/noAndroid' });
    }
  });

  it('renders /noAndroid itself on Android', () => {
    expect(go('/noAndroid', { userAgent: UA.android }).route?.name).toBe('noAndroid');
  });

  it('serves Android when the product no longer declines it', () => {
    const open = guard(
      { pathname: '/privacy', search: '', userAgent: UA.android, match: table.resolve('/privacy') },
      { ...policy, unsupportedPlatforms: [] },
    );
    expect(open.route?.name).toBe('privacy');
  });
});

describe('guard: login', () => {
  it('redirects the root to /start', () => {
    expect(go('/')).toMatchObject({ redirect: '/start', reason: 'forward' });
  });

  it('sends /start to /homeIndex when a token and a customer id are held', () => {
    expect(go('/start', loggedIn)).toMatchObject({ redirect: '/homeIndex', reason: 'loggedIn' });
  });

  it('renders /start when only one of token and customer id is held', () => {
    expect(go('/start', { token: 't0k3n' }).route?.name).toBe('start');
    expect(go('/start', { customerId: '42' }).route?.name).toBe('start');
  });

  it('sends a checked route to /start without both token and customer id', () => {
    expect(go('/setup')).toMatchObject({ redirect: '/start', reason: 'login' });
    expect(go('/setup', { token: 't0k3n' })).toMatchObject({ redirect: '/start' });
    expect(go('/setup', { customerId: 42 })).toMatchObject({ redirect: '/start' });
    expect(go('/setup', loggedIn).route?.name).toBe('setup');
  });

  it('renders a no-check route to anyone', () => {
    expect(go('/privacy').route?.name).toBe('privacy');
    expect(go('/privacy', loggedIn).route?.name).toBe('privacy');
  });

  it('sends an unknown path to /start', () => {
    expect(go('/nowhere')).toMatchObject({ redirect: '/start', reason: 'unknown' });
  });
});

describe('guard: aliases', () => {
  it('resolves an alias to its route path, keeping the query, so the alias is never shown', () => {
    expect(go('/home', { ...loggedIn, search: '?campaign=x' })).toMatchObject({
      redirect: '/homeIndex?campaign=x',
      reason: 'alias',
    });
    expect(go('/login')).toMatchObject({ redirect: '/start' });
  });
});

describe('guard: query parameters', () => {
  it('keeps isBrowser=true in session storage, and nothing for other values', () => {
    expect(go('/privacy', { search: '?isBrowser=true' }).storage).toEqual({
      local: {},
      session: { isBrowser: 'true' },
    });
    expect(go('/privacy', { search: '?isBrowser=false' }).storage).toEqual({ local: {}, session: {} });
  });

  it('keeps standalone and Messenger in local storage', () => {
    expect(go('/privacy', { search: '?standalone=1&Messenger=true' }).storage.local).toEqual({
      standalone: '1',
      Messenger: 'true',
    });
  });

  it('keeps campaign, adgroup and creative as one promotion record in session storage', () => {
    const { session } = go('/', { search: '?campaign=summer&adgroup=ag1&creative=cr9&other=x' }).storage;
    expect(JSON.parse(session['promotion'] ?? '')).toEqual({ campaign: 'summer', adgroup: 'ag1', creative: 'cr9' });
  });

  it('stores the parameters even when the navigation is redirected', () => {
    const decision = go('/setup', { search: '?campaign=c1&standalone=yes' });
    expect(decision.redirect).toBe('/start');
    expect(decision.storage).toEqual({ local: { standalone: 'yes' }, session: { promotion: '{"campaign":"c1"}' } });
  });
});

describe('isLoggedIn', () => {
  it('needs both a token and a customer id', () => {
    expect(isLoggedIn({ token: 'a', customerId: 0 })).toBe(true);
    expect(isLoggedIn({ token: 'a', customerId: '' })).toBe(false);
    expect(isLoggedIn({ token: '', customerId: '1' })).toBe(false);
    expect(isLoggedIn({ token: null, customerId: null })).toBe(false);
  });
});
