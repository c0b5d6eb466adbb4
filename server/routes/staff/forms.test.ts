import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import { auditLog, formVersions, profileSections } from '#server/db/schema.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { login } from '#server/testing/borrower.ts';
import { completeSections } from '#server/testing/loan-fixtures.ts';
import { caller } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

type Detail = {
  version: {
    id: string;
    version: number;
    status: string;
    updatedAt: string;
    note?: string | null;
    author: { id: string } | null;
    approver: { id: string } | null;
  };
  content: FormContent;
  checks: { severity: string; code: string; params: object }[];
  breaking: { id: string; affected?: number }[];
  validator: string | null;
};
type Manifest = {
  flow: { version: number; steps: FlowContent['steps'] };
  forms: Record<string, { version: number; form: string }>;
  themes: Record<string, { version: number }>;
};

/** workInfo with one more required field, its texts in the three languages. */
function withEmployerEmail(content: FormContent): FormContent {
  const schema = structuredClone(content.schema) as { properties: Record<string, unknown>; required: string[] };
  schema.properties['employerEmail'] = {
    type: 'string',
    title: 'workInfo.employerEmail',
    format: 'email',
    maxLength: 120,
  };
  schema.required = [...schema.required, 'employerEmail'];
  // workInfo names the properties it allows: a new field joins that list.
  const names = (schema as { propertyNames?: { enum: string[] } }).propertyNames;
  if (names) names.enum = [...names.enum, 'employerEmail'];
  const uiSchema = structuredClone(content.uiSchema) as { 'ui:order': string[] };
  uiSchema['ui:order'] = [...uiSchema['ui:order'], 'employerEmail'];
  const texts = structuredClone(content.texts) as Record<'en' | 'fil' | 'zh', Record<string, unknown>>;
  texts.en['employerEmail'] = 'Employer e-mail';
  texts.fil['employerEmail'] = 'E-mail ng employer';
  texts.zh['employerEmail'] = '雇主电子邮件';
  return { schema, uiSchema, texts };
}

describe.each(databaseTargets())('the form studio on %s', (kind) => {
  let api: TestApi;
  let author: TestStaff;
  let reviewer: TestStaff;
  let underwriter: TestStaff;
  beforeAll(async () => {
    api = await testApi(kind);
    author = await addTestStaff(api.database.db, 'productStaff', api.now());
    reviewer = await addTestStaff(api.database.db, 'productStaff', api.now());
    underwriter = await addTestStaff(api.database.db, 'underwriter', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const manifest = async () =>
    (await api.app.inject({ method: 'GET', url: '/api/v1/forms/manifest' })).json<Manifest>();
  /** Opens a draft of a document (the published version), answers it. */
  async function draft(kind: string, name: string): Promise<Detail> {
    const res = await call(author, 'POST', `/staff/forms/${kind}/${name}/drafts`, {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Detail>();
  }
  async function save(d: Detail, content: unknown): Promise<Detail> {
    const res = await call(author, 'PUT', `/staff/form-versions/${d.version.id}`, {
      content,
      updatedAt: d.version.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Detail>();
  }
  async function publish(d: Detail, acknowledge: string[] = []): Promise<Detail> {
    const submitted = await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, { acknowledge });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approved = await call(reviewer, 'POST', `/staff/form-versions/${d.version.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json<Detail>();
  }

  it("seeds the repository's files as version 1 and serves the manifest, the form files and self-contained validators", async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/forms/manifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json<Manifest>();
    expect(body.flow.steps.map((s) => s.step)).toEqual([
      'identityInfo',
      'baseInfo',
      'baseInfo2',
      'addressInfo',
      'contact',
      'workInfo',
      'bankInfo',
    ]);
    expect(Object.keys(body.forms).sort()).toEqual([
      'addressInfo',
      'bankInfo',
      'baseInfo',
      'baseInfo2',
      'contact',
      'identity',
      'workInfo',
    ]);
    expect(Object.keys(body.themes).sort()).toEqual(['1', '2']);
    const again = await api.app.inject({
      method: 'GET',
      url: '/api/v1/forms/manifest',
      headers: { 'if-none-match': String(res.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);

    const form = await api.app.inject({ method: 'GET', url: body.forms['workInfo']!.form });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const published = form.json<{
      name: string;
      version: number;
      validator: string;
      texts: Record<string, Record<string, unknown>>;
      schema: object;
    }>();
    expect(published).toMatchObject({
      name: 'workInfo',
      version: 1,
      texts: { en: { title: expect.any(String) }, fil: expect.any(Object), zh: expect.any(Object) },
    });
    expect(JSON.stringify(published.schema)).not.toContain('$comment');
    const validator = await api.app.inject({ method: 'GET', url: published.validator });
    expect(validator.statusCode).toBe(200);
    expect(validator.headers['content-type']).toContain('text/javascript');
    // One module a browser imports as it is: nothing to resolve, and no ajv compiler inside.
    expect(validator.body).not.toMatch(/\bimport\s*[{*"'(]|__require/u);
    expect(validator.body).not.toMatch(/new Function|\beval\(/u);
    expect((await api.app.inject({ method: 'GET', url: '/forms/00000000000000000000.js' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/forms/..%2Fetc.js' })).statusCode).toBe(400);
  });

  it('refuses to submit a draft the checks find errors in, pointing at the field', async () => {
    const d = await draft('form', 'contact');
    const content = structuredClone(d.content) as FormContent & { texts: Record<string, Record<string, unknown>> };
    delete content.texts['fil']!['email'];
    const edited = await save(d, content);
    expect(edited.checks).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'studio.checks.missingText',
        path: expect.stringContaining('/texts/fil/email'),
      }),
    ]);
    const refused = await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'FORM_CHECKS_FAILED',
      checks: [expect.objectContaining({ code: 'studio.checks.missingText' })],
    });
    // Sent back to its first state, the draft passes; it is left open for no one: withdrawn by saving the published content.
    await save(edited, d.content);
  });

  it('keeps the studio to product staff', async () => {
    expect((await call(underwriter, 'GET', '/staff/forms')).statusCode).toBe(403);
    const list = await call(author, 'GET', '/staff/forms');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: { kind: string; name: string; published: { version: number } }[] }>().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'form', name: 'workInfo', published: expect.objectContaining({ version: 1 }) }),
        expect.objectContaining({ kind: 'flow', name: 'steps' }),
      ]),
    );
  });

  it("publishes a required field after a second person's approval; the server validates with the version the browser used while it is accepted", async () => {
    const borrower = await login(api);
    const work = completeSections().workInfo!;
    const put = (payload: object, version?: number) =>
      call(borrower, 'PUT', `/profile/workInfo${version === undefined ? '' : `?formVersion=${version}`}`, payload);
    expect((await put(work)).statusCode).toBe(200);

    const d = await draft('form', 'workInfo');
    expect(d.version).toMatchObject({ version: 2, status: 'draft', author: { id: author.id } });
    expect((await call(author, 'POST', '/staff/forms/form/workInfo/drafts', {})).json()).toMatchObject({
      code: 'FORM_DRAFT_EXISTS',
      id: d.version.id,
    });
    const edited = await save(d, withEmployerEmail(d.content));
    expect(edited.checks.filter((c) => c.severity === 'error')).toEqual([]);
    // Not breaking, but said: the one borrower who completed the step will be asked for the new field.
    expect(edited.checks).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'studio.checks.requiredAdded',
        params: { field: 'employerEmail', count: 1 },
      }),
    ]);
    expect(edited.validator).toMatch(/^\/forms\/[0-9a-f]{20}\.js$/u);
    expect(edited.breaking).toEqual([]);
    // A save over an older read is refused: another tab saved in between.
    const stale = await call(author, 'PUT', `/staff/form-versions/${d.version.id}`, {
      content: d.content,
      updatedAt: d.version.updatedAt,
    });
    expect(stale.json()).toMatchObject({ code: 'FORM_STALE' });
    expect(
      (
        await call(author, 'PUT', `/staff/form-versions/${d.version.id}`, {
          content: { schema: {} },
          updatedAt: edited.version.updatedAt,
        })
      ).json(),
    ).toMatchObject({ code: 'INVALID_INPUT' });

    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {})).statusCode).toBe(200);
    const own = await call(author, 'POST', `/staff/form-versions/${d.version.id}/approve`);
    expect(own.json()).toMatchObject({ code: 'SAME_PERSON' });
    const approved = await call(reviewer, 'POST', `/staff/form-versions/${d.version.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Detail>().version).toMatchObject({ status: 'published', approver: { id: reviewer.id } });

    expect((await manifest()).forms['workInfo']!.version).toBe(2);
    const refused = await put(work);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ keyword: 'required', params: { missingProperty: 'employerEmail' } })],
    });
    // The saved step no longer passes the published form: the borrower is asked for the new field.
    const summary = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: borrower.headers });
    expect(summary.json<{ summary: { completed: string[] } }>().summary.completed).not.toContain('workInfo');
    const saved = await put({ ...work, employerEmail: 'hr@example.ph' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await api.database.db
      .select()
      .from(profileSections)
      .where(and(eq(profileSections.customerId, borrower.customerId), eq(profileSections.step, 'workInfo')));
    expect(row?.formVersion).toBe(2);

    // A borrower who opened the step before the publish saves with version 1 during the grace period...
    const late = await put(work, 1);
    expect(late.statusCode, late.body).toBe(200);
    api.advance(25 * 3600);
    // ... and is told to look again after it.
    const retired = await put(work, 1);
    expect(retired.statusCode).toBe(409);
    expect(retired.json()).toMatchObject({ code: 'FORM_VERSION_RETIRED', version: 2 });

    const events = await api.database.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.staffId, author.id));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['staff.forms.draft.created', 'staff.forms.draft.saved', 'staff.forms.submitted']),
    );
    // A day later, the staff's sessions have timed out: new ones for the next tests.
    author = await addTestStaff(api.database.db, 'productStaff', api.now());
    reviewer = await addTestStaff(api.database.db, 'productStaff', api.now());
  });

  it('refuses a breaking change until it is acknowledged, with the borrowers it reaches; a rollback publishes an earlier version again', async () => {
    const d = await draft('form', 'workInfo');
    const content = structuredClone(d.content) as FormContent & {
      schema: { properties: Record<string, unknown>; required: string[] };
      uiSchema: { 'ui:order': string[] };
    };
    delete content.schema.properties['employerEmail'];
    const names = (content.schema as { propertyNames?: { enum: string[] } }).propertyNames;
    if (names) names.enum = names.enum.filter((f) => f !== 'employerEmail');
    content.schema.required = content.schema.required.filter((f) => f !== 'employerEmail');
    content.uiSchema['ui:order'] = content.uiSchema['ui:order'].filter((f) => f !== 'employerEmail');
    const edited = await save(d, content);
    const sections = await api.database.db.select().from(profileSections).where(eq(profileSections.step, 'workInfo'));
    expect(edited.breaking).toEqual([
      expect.objectContaining({ id: 'removed:employerEmail', affected: sections.length }),
    ]);
    const refused = await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FORM_BREAKING_UNACKNOWLEDGED',
      breaking: [expect.objectContaining({ id: 'removed:employerEmail' })],
    });
    const published = await publish(edited, ['removed:employerEmail']);
    expect(published.version).toMatchObject({ version: 3, status: 'published' });

    // Version 2 again, in one action: adding a required field back is not breaking.
    const rolled = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', { version: 2 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json<Detail>()).toMatchObject({ version: { version: 4, status: 'published', basedOn: 2 } });
    expect((await manifest()).forms['workInfo']!.version).toBe(4);
    // Back to version 1 removes the field again: breaking, so acknowledged first.
    const back = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', { version: 1 });
    expect(back.json()).toMatchObject({ code: 'FORM_BREAKING_UNACKNOWLEDGED' });
    const acknowledged = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', {
      version: 1,
      acknowledge: ['removed:employerEmail'],
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const versions = await call(author, 'GET', '/staff/forms/form/workInfo/versions');
    expect(
      versions.json<{ items: { version: number; status: string }[] }>().items.map((v) => `${v.version}:${v.status}`),
    ).toEqual(['5:published', '4:archived', '3:archived', '2:archived', '1:archived']);
    const diff = await call(
      author,
      'GET',
      `/staff/form-versions/${rolled.json<Detail>().version.id}/diff?against=${published.version.id}`,
    );
    expect(diff.json<{ changes: { path: string; kind: string }[] }>().changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/schema/properties/employerEmail', kind: 'added' })]),
    );
  });

  it("reorders the steps: the borrower's profile follows the published flow", async () => {
    const d = await draft('flow', FLOW);
    const steps = [...(d.content as unknown as FlowContent).steps];
    const [base, base2] = [steps[1]!, steps[2]!];
    steps[1] = base2;
    steps[2] = base;
    await publish(await save(d, { steps }));
    const flow = (await manifest()).flow;
    expect(flow.steps.map((s) => s.step).slice(0, 3)).toEqual(['identityInfo', 'baseInfo2', 'baseInfo']);
    // The links follow the order.
    expect(flow.steps[0]!.next).toBe('/baseInfo2');
    expect(flow.steps[1]!.next).toBe('/baseInfo');
    expect(flow.steps.at(-1)!.next).toBe('/homeIndex');
    const borrower = await login(api);
    const [identity] = [completeSections().identityInfo!];
    await api.database.db
      .insert(profileSections)
      .values({ customerId: borrower.customerId, step: 'identityInfo', data: identity, schemaVersion: 'fixture' });
    const summary = await api.app.inject({ method: 'GET', url: '/api/v1/profile', headers: borrower.headers });
    expect(summary.json()).toMatchObject({ summary: { next: '/baseInfo2' } });
    const rows = await api.database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.kind, 'flow'), eq(formVersions.status, 'published')));
    expect(rows).toHaveLength(1);
  });

  it('sends a version in review back to its author with a note; the author may take their own back too', async () => {
    const d = await draft('theme', '2');
    const content = {
      ...d.content,
      properties: {
        ...(d.content as unknown as { properties: Record<string, string> }).properties,
        '--radius': '0.5rem',
      },
    };
    const edited = await save(d, content);
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {})).statusCode).toBe(200);
    const back = await call(reviewer, 'POST', `/staff/form-versions/${d.version.id}/reject`, {
      note: 'Keep the radius',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Detail>().version).toMatchObject({ status: 'draft', note: 'Keep the radius' });
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {})).statusCode).toBe(200);
    const withdrawn = await call(author, 'POST', `/staff/form-versions/${d.version.id}/reject`, {
      note: 'One more change',
    });
    expect(withdrawn.json<Detail>().version).toMatchObject({ status: 'draft' });
    // A draft is not approved.
    expect((await call(reviewer, 'POST', `/staff/form-versions/${d.version.id}/approve`)).json()).toMatchObject({
      code: 'FORM_STATE',
    });
    expect(edited.checks).toEqual([]);
  });

  it('keeps test personas per form', async () => {
    const added = await call(author, 'POST', '/staff/forms/form/workInfo/personas', {
      label: 'Student',
      data: { employmentType: 'student' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = await call(reviewer, 'GET', '/staff/forms/form/workInfo/personas');
    expect(list.json<{ items: { label: string }[] }>().items.map((p) => p.label)).toContain('Student');
    const id = added.json<{ id: string }>().id;
    expect((await call(author, 'DELETE', `/staff/form-personas/${id}`)).statusCode).toBe(204);
    expect((await call(author, 'DELETE', `/staff/form-personas/${id}`)).statusCode).toBe(404);
  });
});

const FLOW = 'steps';
