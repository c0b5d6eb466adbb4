import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import type { OpenDatabase } from '../db/database.ts';
import { formVersions, staffAccounts } from '../db/tables.ts';
import { databaseTargets, testDatabase } from '../db/test-database.ts';
import { seedContents, type SeedDocument } from './assets.ts';
import { createPublishedForms, seedPublished } from './published.ts';

/** The seed with one more optional field on the baseInfo form, as a developer's release might bring. */
function seedWithNewField(): SeedDocument[] {
  return seedContents().map((doc) => {
    if (doc.kind !== 'form' || doc.name !== 'baseInfo') return doc;
    const schema = structuredClone(doc.content.schema) as { properties: Record<string, unknown> };
    schema.properties['nickname'] = { type: 'string', title: 'baseInfo.nickname', maxLength: 40 };
    return { ...doc, content: { ...doc.content, schema } as FormContent };
  });
}

describe.each(databaseTargets())('published forms on %s', (kind) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await testDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const published = () => database.db.select().from(formVersions).where(eq(formVersions.status, 'published'));

  it("imports the repository's files once as version 1, whoever starts first (instances starting together)", async () => {
    await Promise.all([seedPublished(database.db), seedPublished(database.db), createPublishedForms(database.db)]);
    const rows = await published();
    expect(rows.map((r) => `${r.kind}:${r.name}:${r.version}`).sort()).toEqual([
      'flow:steps:1',
      'form:addressInfo:1',
      'form:bankInfo:1',
      'form:baseInfo2:1',
      'form:baseInfo:1',
      'form:contact:1',
      'form:identity:1',
      'form:workInfo:1',
      'theme:1:1',
      'theme:2:1',
    ]);
    expect((await database.db.select().from(formVersions)).length).toBe(rows.length);
  });

  it('brings a changed seed file in as the next version while staff have not published their own, and never after', async () => {
    await seedPublished(database.db, () => new Date(), seedWithNewField());
    const [base] = await database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.name, 'baseInfo'), eq(formVersions.status, 'published')));
    expect(base).toMatchObject({ version: 2, authorId: null, note: 'seed' });
    expect(JSON.stringify(base!.content)).toContain('nickname');
    // Starting again with the same files changes nothing.
    await seedPublished(database.db, () => new Date(), seedWithNewField());
    expect((await database.db.select().from(formVersions).where(eq(formVersions.name, 'baseInfo'))).length).toBe(2);

    // Product staff publish version 3; the repository's file (without the field) no longer replaces it.
    const [staff] = await database.db
      .insert(staffAccounts)
      .values({ email: `p-${kind}@lender.test`, name: 'P', role: 'productStaff', passwordHash: 'x', totpSecret: 'x' })
      .returning();
    await database.db.update(formVersions).set({ status: 'archived' }).where(eq(formVersions.id, base!.id));
    await database.db.insert(formVersions).values({
      kind: 'form',
      name: 'baseInfo',
      version: 3,
      status: 'published',
      content: base!.content,
      authorId: staff!.id,
      formHash: base!.formHash,
      validatorHash: base!.validatorHash,
    });
    await seedPublished(database.db);
    const [now] = await database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.name, 'baseInfo'), eq(formVersions.status, 'published')));
    expect(now?.version).toBe(3);
  });
});
