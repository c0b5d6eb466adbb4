import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from './database.ts';
import { customers, profileSections } from './schema.ts';
import { databaseTargets, testDatabase } from './test-database.ts';

describe.each(databaseTargets())('database on %s', (kind) => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await testDatabase(kind);
  });
  afterAll(async () => {
    await open?.close();
  });

  it('applies the migrations and stores a customer with a JSONB profile section', async () => {
    const [customer] = await open.db.insert(customers).values({ phone: '9171234567' }).returning();
    expect(customer?.id).toMatch(/^[0-9a-f-]{36}$/u);
    await open.db
      .insert(profileSections)
      .values({ customerId: customer!.id, step: 'baseInfo', data: { maritalStatus: 'single' }, schemaVersion: 'abc' });
    const [section] = await open.db.select().from(profileSections).where(eq(profileSections.customerId, customer!.id));
    expect(section?.data).toEqual({ maritalStatus: 'single' });
  });

  it('refuses a second customer with the same phone', async () => {
    await expect(
      open.db
        .insert(customers)
        .values({ phone: '9170000000' })
        .then(() => open.db.insert(customers).values({ phone: '9170000000' })),
    ).rejects.toThrow();
  });
});
