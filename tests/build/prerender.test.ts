/**
 * The prerendered pages (scripts/prerender.ts) on the production build: one per route with a screen and
 * language, carrying its first screen or frame in that language, with nothing inline the CSP refuses, and the
 * stylesheets in the app's one order. Run after `npm run build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import product from '#config/product.json' with { type: 'json' };
import routes from '#config/routes.json' with { type: 'json' };
import type { RoutesConfig } from '#config/types/routes.ts';

const dist = 'dist';
const built = existsSync(join(dist, 'pages'));
const ci = process.env['CI'] === 'true';
const pageRoutes = (routes as RoutesConfig).routes.filter((route) => route.screen && !route.redirect);

type Catalog = Record<string, unknown>;
function text(language: string, ns: string, key: string): string {
  const catalog = JSON.parse(readFileSync(`locales/${language}/${ns}.json`, 'utf8')) as Catalog;
  const found = key.split('.').reduce<unknown>((node, part) => (node as Catalog | undefined)?.[part], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${language} ${ns}:${key}`);
  return found;
}
const html = (language: string, route: string) => readFileSync(join(dist, 'pages', language, `${route}.html`), 'utf8');
/** As the page's markup shows it (React escapes these in text). */
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe.runIf(built || ci)('prerendered pages', () => {
  it('exist for every route with a screen in every language, marked with whom they were drawn for', () => {
    for (const route of pageRoutes)
      for (const language of product.languages) {
        const page = html(language, route.name);
        const who = route.noCheck ? /(out|any)/u.source : 'in';
        expect(page, `${language} ${route.name}`).toMatch(
          new RegExp(
            `<html lang="${language}"[^>]*>[\\s\\S]*<div id="root" inert data-prerender="${language} ${route.path} ${who}"(?: data-published="/forms/\\w+\\.json \\d+")?><div class="app" data-route="${route.name}">`,
            'u',
          ),
        );
        expect(existsSync(join(dist, 'pages', language, `${route.name}.html.br`))).toBe(true);
        expect(existsSync(join(dist, 'pages', language, `${route.name}.html.gz`))).toBe(true);
      }
  });

  it('carry nothing inline that the CSP refuses: no script, no style element or attribute', () => {
    for (const route of pageRoutes)
      for (const language of product.languages) {
        const page = html(language, route.name);
        const where = `${language} ${route.name}`;
        expect(page, where).not.toMatch(/<style[\s>]/u);
        expect(page, where).not.toMatch(/\sstyle="/u);
        for (const script of page.match(/<script\b[^>]*>/gu) ?? []) expect(script, where).toMatch(/\ssrc="/u);
        expect(page, where).not.toMatch(/\son[a-z]+="/u);
      }
  });

  it('name a PNG icon that is there: an SVG one is decoded as a document of its own on the main thread', () => {
    for (const route of pageRoutes)
      for (const language of product.languages) {
        const icons = [...html(language, route.name).matchAll(/<link rel="icon" href="([^"]+)"[^>]*>/gu)];
        expect(
          icons.map((icon) => icon[0]),
          `${language} ${route.name}`,
        ).toEqual([expect.stringContaining('type="image/png"')]);
        expect(existsSync(join(dist, icons[0]![1]!)), icons[0]![1]).toBe(true);
      }
  });

  it('draw /start whole in each language: its title, the phone field and the button', () => {
    for (const language of product.languages) {
      const page = html(language, 'start');
      expect(page).toContain(`<h1 class="start-title">${escaped(text(language, 'login', 'title'))}</h1>`);
      expect(page).toContain('id="start-phone"');
      expect(page).toContain(escaped(text(language, 'login', 'sendCode')));
      expect(page).toMatch(/data-prerender="[^"]+ out"/u);
    }
  });

  it("draw a signed-in route's frame: its title, its loading state and the navigation", () => {
    for (const language of product.languages) {
      const page = html(language, 'billIndex');
      expect(page).toContain(
        `<h1 class="title-bar-title">${escaped(text(language, 'common', 'routes.billIndex'))}</h1>`,
      );
      expect(page).toContain('class="page page-loading" aria-busy="true"');
      expect(page).toContain(escaped(text(language, 'common', 'nav.home')));
      expect(page).toMatch(/data-prerender="[^"]+ in"/u);
    }
  });

  it('draw /my as it first renders for a signed-in borrower: its card, figures pending, and the way to raise the limit', () => {
    for (const language of product.languages) {
      const page = html(language, 'my');
      expect(page).toContain('<section class="card my-head" aria-labelledby="my-phone" aria-busy="true">');
      expect(page).toContain('<span class="my-pending"></span>');
      expect(page).toContain(`href="/creditLimit">${escaped(text(language, 'profile', 'limit.raise'))}</a>`);
      expect(page).not.toContain('page-loading');
      expect(page).toMatch(/data-prerender="[^"]+ in"/u);
    }
  });

  it('draw each step of the flow with its form as the server publishes it first, and keep its frame beside it', () => {
    for (const language of product.languages) {
      const page = html(language, 'identityInfo');
      expect(page).toMatch(/data-prerender="[^"]+ \/identityInfo in" data-published="\/forms\/\w+\.json 1"/u);
      expect(page).toContain('class="ui-form-progress"');
      expect(page).toContain('id="root_idPhotoFront__notice"');
      expect(page).not.toContain('page-loading');
      const frame = readFileSync(join(dist, 'pages', language, 'identityInfo.frame.html'), 'utf8');
      expect(frame).toContain('class="page page-loading" aria-busy="true"');
      expect(frame).not.toContain('data-published');
    }
  });

  it("load the app after the first paint: one boot script carries the entry, the modules, the screen's catalogs and first GETs", () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = `/${manifest['index.html']!.file}`;
    const attribute = (page: string, name: string) =>
      (new RegExp(`<script[^>]* ${name}="([^"]*)"`, 'u').exec(page)?.[1] ?? '').split(' ').filter(Boolean);
    for (const route of pageRoutes) {
      const page = html('fil', route.name);
      const where = route.name;
      const scripts = page.match(/<script\b[^>]*>/gu) ?? [];
      expect(scripts, where).toHaveLength(1);
      expect(scripts[0], where).toMatch(/ src="\/assets\/boot-[\w-]+\.js"/u);
      // Nothing fetched before the first paint but the page's stylesheets and this script.
      expect(page, where).not.toContain('modulepreload');
      expect(attribute(page, 'data-entry'), where).toEqual([entry]);
      const screen = manifest[`src/screens/${route.screen}/${route.screen}-screen.tsx`]!;
      expect(attribute(page, 'data-preload'), where).toContain(`/${screen.file}`);
      expect(attribute(page, 'data-preload'), where).not.toContain(entry);
      const fetches = attribute(page, 'data-fetch');
      expect(fetches, where).toContain(`/locales/fil/common.json?v=${fetches[0]?.split('?v=')[1]}`);
      expect(fetches, where).toContain('/api/v1/forms/manifest');
      const signedIn = /data-prerender="[^"]+ in"/u.test(page);
      if (!signedIn) expect(attribute(page, 'data-session'), where).toEqual([]);
    }
    expect(attribute(html('en', 'my'), 'data-session')).toEqual(['/api/v1/me']);
    expect(attribute(html('en', 'homeIndex'), 'data-session')).toEqual(['/api/v1/loans/home']);
    expect(attribute(html('en', 'identityInfo'), 'data-session')).toEqual(['/api/v1/profile']);
    expect(attribute(html('en', 'homeIndex'), 'data-fetch')).toContain(
      attribute(html('en', 'homeIndex'), 'data-fetch')[0]!.replace('/common.json', '/loan.json'),
    );
  });

  it("link the entry's stylesheet, then the kit's, then the screen's own, each once (a frame has the boot script preload the last two)", () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entryCss = manifest['index.html']?.css ?? [];
    const kitCss = manifest['src/styles/kit.css']?.file;
    expect(entryCss.length).toBeGreaterThan(0);
    expect(kitCss).toBeDefined();
    for (const route of pageRoutes) {
      const page = html('en', route.name);
      // A page drawn whole links them; a frame (its loading state) has the boot script preload the screen's.
      const whole = !page.includes('class="page page-loading"');
      const entryLinks = [...page.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/gu)].map((match) => match[1]);
      const styles = (/ data-style="([^"]*)"/u.exec(page)?.[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((href) => href.slice(1));
      const where = route.name;
      if (!whole)
        expect(entryLinks, `${where}: a frame holds its first paint for the entry's stylesheet only`).toEqual(entryCss);
      const links = whole ? entryLinks : [...entryLinks, ...styles];
      expect(new Set(links).size, where).toBe(links.length);
      expect(links.slice(0, entryCss.length), where).toEqual(entryCss);
      expect(links[entryCss.length], where).toBe(kitCss);
      const own = manifest[`src/screens/${route.screen}/${route.screen}-screen.tsx`]?.css ?? [];
      if (own.length > 0 && !whole) expect(links.slice(-own.length), where).toEqual(own);
      if (own.length > 0 && whole) expect(entryLinks.slice(-own.length), where).toEqual(own);
    }
  });
});

describe.skipIf(built || ci)('prerendered pages without a build', () => {
  it('wait for `npm run build`', () => {
    expect.fail('no dist/pages: run "npm run build" first');
  });
});
