/**
 * A theme holds only the custom properties the app defines, each with a value of its type: the studio
 * refuses anything else at save and submit (a `filter`, a `background-image` with a fake "call this number", a
 * `--color-bg: red; background: url(x)`), and a theme already stored with such CSS is served without it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ThemeContent } from '#domain/form-content.ts';
import { formVersions } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { studioSuite, type StudioDetail } from '#server/testing/studio.ts';

type Detail = StudioDetail<ThemeContent>;
type Manifest = { themes: Record<string, { version: number; properties: Record<string, string> }> };

const FOREIGN = {
  filter: 'hue-rotate(180deg)',
  'background-image': 'url("data:image/svg+xml,<svg><text>Call 0917 000 0000 to pay</text></svg>")',
  '--anything-unknown': '#000000',
};

describe.each(databaseTargets())('theme properties in the form studio on %s', (kind) => {
  const { suite, call, studio } = studioSuite(kind);
  const manifest = async () =>
    (await suite.api.app.inject({ method: 'GET', url: '/api/v1/forms/manifest' })).json<Manifest>();
  const draft = (name: string) => studio.draft<ThemeContent>('theme', name);
  /** Saves theme draft `d` with `properties`. */
  const save = (d: Detail, properties: Record<string, string>) => studio.save(d, { ...d.content, properties });
  const publish = (d: Detail) => studio.publish(d);

  it('refuses a property a theme may not set and a value not of its type, naming the property, and publishes none', async () => {
    const before = (await manifest()).themes['1']!;
    const d = await draft('1');
    const edited = await save(d, {
      ...d.content.properties,
      ...FOREIGN,
      '--radius': 'url(https://example.com/x.png)',
      '--color-bg': 'red; background: url(x)',
    });
    const errors = edited.checks.filter((c) => c.severity === 'error');
    expect(errors.map((c) => [c.code, c.path, c.params['property']])).toEqual(
      expect.arrayContaining([
        ['studio.checks.themeUnknown', '/properties/filter', 'filter'],
        ['studio.checks.themeUnknown', '/properties/background-image', 'background-image'],
        ['studio.checks.themeUnknown', '/properties/--anything-unknown', '--anything-unknown'],
        ['studio.checks.themeLength', '/properties/--radius', '--radius'],
        ['studio.checks.themeColour', '/properties/--color-bg', '--color-bg'],
      ]),
    );
    expect(errors).toHaveLength(5);
    const refused = await call(suite.author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {
      acknowledge: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'FORM_CHECKS_FAILED',
      checks: expect.arrayContaining([expect.objectContaining({ code: 'studio.checks.themeUnknown' })]),
    });
    expect((await manifest()).themes['1']).toEqual(before);
    // Only the theme's own properties, with values of their type, go through.
    const fixed = await save(edited, { ...d.content.properties, '--radius': '4px' });
    expect(fixed.checks.filter((c) => c.severity === 'error')).toEqual([]);
    await publish(fixed);
    expect((await manifest()).themes['1']!.properties['--radius']).toBe('4px');
  });

  it('serves a theme stored with foreign CSS before the check without it', async () => {
    // A published version written before the check held: CSS of every kind in its content.
    const [row] = await suite.api.database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.kind, 'theme'), eq(formVersions.name, '1'), eq(formVersions.status, 'published')));
    const stored = row!.content as ThemeContent;
    await suite.api.database.db
      .update(formVersions)
      .set({
        content: {
          ...stored,
          properties: { ...stored.properties, ...FOREIGN, '--color-text': '#101010; background: url(x)' },
        },
      })
      .where(eq(formVersions.id, row!.id));
    // Another theme is published: the manifest is read again from the database.
    const other = await draft('2');
    await publish(await save(other, { ...other.content.properties, '--radius': '0.3rem' }));
    const themes = (await manifest()).themes;
    expect(themes['2']!.properties['--radius']).toBe('0.3rem');
    const served = themes['1']!.properties;
    expect(Object.keys(served).sort()).toEqual(
      Object.keys(stored.properties)
        .filter((p) => p !== '--color-text')
        .sort(),
    );
    expect(JSON.stringify(served)).not.toMatch(/url|hue-rotate|0917/u);
  });
});
