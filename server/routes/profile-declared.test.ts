/**
 * Fields do not outlive their form version: a section stores only what the version it was validated with
 * declares, at every depth, even when the form lacks `additionalProperties: false`, and a step is shown back with only
 * what the published version declares (a section of 28 keys after 22 versions that declared 2 showed old values).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import { profileSections } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { completeSections } from '#server/testing/loan-fixtures.ts';
import { studioSuite } from '#server/testing/studio.ts';

type Schema = {
  additionalProperties?: unknown;
  properties: Record<string, unknown>;
  required: string[];
  definitions: { emergencyContact: { additionalProperties?: unknown } };
};

describe.each(databaseTargets())('profile sections hold only declared fields on %s', (kind) => {
  const { suite, call, studio } = studioSuite(kind);
  const stored = async (who: Borrower, step: string) => {
    const [row] = await suite.api.database.db
      .select()
      .from(profileSections)
      .where(and(eq(profileSections.customerId, who.customerId), eq(profileSections.step, step)));
    return row!;
  };

  /** Publishes contact without `viber` and without `additionalProperties: false` (top level and contacts). */
  async function publishOpenContactWithoutViber(): Promise<number> {
    const d = await studio.draft('form', 'contact');
    const content = structuredClone(d.content) as FormContent & {
      schema: Schema;
      uiSchema: { 'ui:order': string[]; viber?: unknown };
      texts: Record<string, Record<string, unknown>>;
    };
    delete content.schema.additionalProperties;
    delete content.schema.definitions.emergencyContact.additionalProperties;
    delete content.schema.properties['viber'];
    content.schema.required = content.schema.required.filter((f) => f !== 'viber');
    content.uiSchema['ui:order'] = content.uiSchema['ui:order'].filter((f) => f !== 'viber');
    delete content.uiSchema.viber;
    for (const texts of Object.values(content.texts)) delete texts['viber'];
    const edited = await studio.save(d, content);
    expect(edited.checks.filter((c) => c.severity === 'error')).toEqual([]);
    return (
      await studio.publish(
        edited,
        edited.breaking.map((b) => b.id),
      )
    ).version.version;
  }

  it('stores and shows back only what the published version declares, nested contacts included', async () => {
    const borrower = await login(suite.api);
    const contact = completeSections().contact as Record<string, unknown> & {
      emergencyContacts: Record<string, unknown>[];
    };
    const first = await call(borrower, 'PUT', '/profile/contact', { ...contact, viber: '09177654321' });
    expect(first.statusCode, first.body).toBe(200);
    expect(Object.keys((await stored(borrower, 'contact')).data as object)).toContain('viber');

    const version = await publishOpenContactWithoutViber();
    expect(version).toBeGreaterThan(1);

    // Shown back: the published version no longer has viber, so the form does not get its old value.
    const shown = (await call(borrower, 'GET', '/profile/contact')).json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(shown).sort()).toEqual(['email', 'emergencyContacts', 'whatsApp']);
    const overview = (await call(borrower, 'GET', '/profile')).json<{
      sections: Record<string, { data: Record<string, unknown> }>;
    }>();
    expect(overview.sections['contact']!.data).not.toHaveProperty('viber');

    // The app sends back what it was given and more: only the declared fields are stored.
    const again = await call(borrower, 'PUT', '/profile/contact', {
      ...contact,
      viber: '09177654321',
      oldField: 'from version 0',
      emergencyContacts: contact.emergencyContacts.map((c) => ({ ...c, oldRelationNote: 'kept since 2024' })),
    });
    expect(again.statusCode, again.body).toBe(200);
    const row = await stored(borrower, 'contact');
    expect(row.formVersion).toBe(version);
    const data = row.data as Record<string, unknown> & { emergencyContacts: Record<string, unknown>[] };
    expect(Object.keys(data).sort()).toEqual(['email', 'emergencyContacts', 'whatsApp']);
    for (const c of data.emergencyContacts) expect(Object.keys(c).sort()).toEqual(['name', 'phone', 'relation']);
    expect(JSON.stringify(data)).not.toMatch(/viber|oldField|oldRelationNote|version 0|2024/u);
  });
});
