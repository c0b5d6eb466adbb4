import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import { auditLog, formAssets, formVersions, profileSections } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import { login } from '#server/testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { caller, headersOf, newKey } from '#server/testing/request.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { studioCalls, type StudioDetail } from '#server/testing/studio.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

type Detail = StudioDetail;
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
  const { draft, save, submit, approve, publish } = studioCalls(
    () => api,
    () => ({ author, reviewer }),
  );

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

  it('refuses a pattern that could freeze the server, at save and at submit, saying how to write it', async () => {
    const d = await draft('form', 'addressInfo');
    const content = structuredClone(d.content) as FormContent & {
      schema: { properties: Record<string, Record<string, unknown>> };
    };
    content.schema.properties['detailedAddress']!['pattern'] = '^([a-zA-Z0-9.,]+\\s?)*$';
    const edited = await save(d, content);
    expect(edited.checks).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'studio.checks.patternUnsafe',
        path: '/schema/properties/detailedAddress/pattern',
      }),
    ]);
    const refused = await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'FORM_CHECKS_FAILED',
      checks: [expect.objectContaining({ code: 'studio.checks.patternUnsafe' })],
    });
    // Written so each character matches one way, it passes.
    content.schema.properties['detailedAddress']!['pattern'] = '^[A-Za-z0-9., ]{1,200}$';
    expect((await save(edited, content)).checks).toEqual([]);
    await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`);
  });

  it("accepts draft-07 as RJSF users write it and the standard formats; a typo is said in staff terms, never ajv's", async () => {
    const d = await draft('form', 'addressInfo');
    const content = structuredClone(d.content) as FormContent & {
      schema: { properties: Record<string, Record<string, unknown>> };
      uiSchema: { 'ui:order': string[] };
      texts: Record<string, Record<string, unknown>>;
    };
    content.schema.properties['landmark'] = { title: 'addressInfo.landmark', type: ['string', 'null'], maxLength: 80 };
    content.schema.properties['since'] = { title: 'addressInfo.since', type: 'string', format: 'date' };
    content.schema.properties['mapLink'] = { title: 'addressInfo.mapLink', format: 'uri', maxLength: 300 };
    content.uiSchema['ui:order'] = [...content.uiSchema['ui:order'], 'landmark', 'since', 'mapLink'];
    for (const lng of ['en', 'fil', 'zh'])
      Object.assign(content.texts[lng]!, { landmark: 'L', since: 'S', mapLink: 'M' });
    const edited = await save(d, content);
    expect(edited.checks).toEqual([]);
    expect(edited.validator).toEqual(expect.any(String));
    content.schema.properties['since']!['maxLenght'] = 10;
    const typo = await save(edited, content);
    expect(typo.checks).toEqual([
      expect.objectContaining({
        code: 'studio.checks.unknownKeywordSuggest',
        path: '/schema/properties/since/maxLenght',
        params: { where: '“since” (#/properties/since)', keyword: 'maxLenght', suggestion: 'maxLength' },
      }),
    ]);
    await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`);
  });

  it('a tightened rule is breaking: the new validator runs over the saved sections and counts those it would refuse', async () => {
    const borrowers = await Promise.all([login(api), login(api)]);
    await api.database.db.insert(profileSections).values(
      borrowers.map((b) => ({
        customerId: b.customerId,
        step: 'identityInfo',
        data: completeSections().identityInfo!,
        schemaVersion: 'fixture',
      })),
    );
    const d = await draft('form', 'identity');
    const content = structuredClone(d.content) as FormContent & {
      schema: { properties: Record<string, Record<string, unknown>> };
    };
    // Letters only, no spaces: "Juan dela Cruz" no longer passes.
    content.schema.properties['name']!['pattern'] = '^[A-Za-z]{2,60}$';
    const edited = await save(d, content);
    expect(edited.checks.filter((c) => c.severity === 'error')).toEqual([]);
    const refused = await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    const { breaking } = refused.json<{ breaking: { id: string; kind: string; affected: number }[] }>();
    expect(breaking).toEqual([expect.objectContaining({ id: 'invalid:name', kind: 'invalid', field: 'name' })]);
    expect(breaking[0]!.affected).toBeGreaterThanOrEqual(borrowers.length);
    const inReview = await submit(edited, ['invalid:name']);
    expect(inReview.version.status).toBe('review');
    // Not published here: the identity form stays as it is for the other tests.
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`)).statusCode).toBe(204);
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
    // The draft's validator is for staff: at a signed preview URL, not among the public files.
    expect(edited.validator).toMatch(/^\/forms\/preview\/[0-9a-f]{20}\.js\?until=\d+&sig=[\w-]{43}$/u);
    const hash = /preview\/([0-9a-f]{20})\.js/u.exec(edited.validator!)![1]!;
    expect((await api.app.inject({ method: 'GET', url: `/forms/${hash}.js` })).statusCode).toBe(404);
    const preview = await api.app.inject({ method: 'GET', url: edited.validator! });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('text/javascript');
    const forged = edited.validator!.replace(/sig=[\w-]/u, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await api.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const later = edited.validator!.replace(/until=\d+/u, (m) => `until=${Number(m.slice(6)) + 3_600_000}`);
    expect((await api.app.inject({ method: 'GET', url: later })).statusCode).toBe(404);
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

    const inReview = await submit(d);
    const own = await approve(author, inReview);
    expect(own.json()).toMatchObject({ code: 'SAME_PERSON' });
    const approved = await approve(reviewer, inReview);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Detail>().version).toMatchObject({
      status: 'published',
      approver: { id: reviewer.id },
      submitter: { id: author.id },
    });

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

    // Undo: version 2, the one just replaced, again at once by one person, who says why (adding a required field
    // back is not breaking).
    const unexplained = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', { version: 2 });
    expect(unexplained.json()).toMatchObject({ code: 'FORM_REASON_REQUIRED' });
    const rolled = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', {
      version: 2,
      reason: 'Version 3 confused borrowers',
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json<Detail>()).toMatchObject({
      version: { version: 4, status: 'published', basedOn: 2, note: 'Version 3 confused borrowers' },
    });
    expect((await manifest()).forms['workInfo']!.version).toBe(4);
    // Back to version 1 is not an undo: it removes the field again (breaking, so acknowledged first) and goes to
    // review, submitted by the one who asked; another person approves it.
    const back = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', { version: 1 });
    expect(back.json()).toMatchObject({ code: 'FORM_BREAKING_UNACKNOWLEDGED' });
    const acknowledged = await call(author, 'POST', '/staff/forms/form/workInfo/rollback', {
      version: 1,
      acknowledge: ['removed:employerEmail'],
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const inReview = acknowledged.json<Detail>();
    expect(inReview.version).toMatchObject({ version: 5, status: 'review', basedOn: 1, submitter: { id: author.id } });
    expect((await manifest()).forms['workInfo']!.version).toBe(4);
    expect((await approve(author, inReview)).json()).toMatchObject({ code: 'SAME_PERSON' });
    expect((await approve(reviewer, inReview)).statusCode).toBe(200);
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
    await submit(edited);
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
    expect((await approve(reviewer, withdrawn.json<Detail>())).json()).toMatchObject({ code: 'FORM_STATE' });
    expect(edited.checks).toEqual([]);
  });

  /** Theme 1 with another corner radius (a change anything can make). */
  const radius = (d: Detail, value: string) => ({
    ...d.content,
    properties: { ...(d.content as unknown as { properties: Record<string, string> }).properties, '--radius': value },
  });
  /** Saves `content` over draft `d` as `staff`. */
  const saveAs = (staff: TestStaff, d: Detail, content: unknown) => save(d, content, staff);

  it('four eyes: no one who opened, changed or submitted a version approves it; the version records them all', async () => {
    const [opener, writer, third] = await Promise.all(
      [1, 2, 3].map(() => addTestStaff(api.database.db, 'productStaff', api.now())),
    );
    const opened = await call(opener!, 'POST', '/staff/forms/theme/1/drafts', {});
    expect(opened.statusCode, opened.body).toBe(201);
    // Another member writes the content and submits it: they may not approve what they wrote...
    const written = await saveAs(writer!, opened.json<Detail>(), radius(opened.json<Detail>(), '0.9rem'));
    const inReview = await submit(written, [], writer);
    expect(inReview.version).toMatchObject({ author: { id: opener!.id }, submitter: { id: writer!.id } });
    expect((await approve(writer!, inReview)).json()).toMatchObject({ code: 'SAME_PERSON' });
    // ... nor the one who opened the draft.
    expect((await approve(opener!, inReview)).json()).toMatchObject({ code: 'SAME_PERSON' });
    const [row] = await api.database.db.select().from(formVersions).where(eq(formVersions.id, inReview.version.id));
    expect(new Set(row!.contributors)).toEqual(new Set([opener!.id, writer!.id]));
    expect(row!.status).toBe('review');
    // One who only submitted it (the writer saved nothing after the opener did) is a contributor too.
    const sentBack = await call(third!, 'POST', `/staff/form-versions/${inReview.version.id}/reject`, { note: 'Why?' });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    // Sending back is not changing: the reviewer who did may approve once it is submitted again.
    const again = await submit(sentBack.json<Detail>(), [], opener);
    const approved = await approve(third!, again);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Detail>().version).toMatchObject({ status: 'published', approver: { id: third!.id } });
  });

  it('an approval is of the state the reviewer read: taken back, changed and submitted again, it is refused', async () => {
    const d = await draft('theme', '1');
    const first = await submit(await save(d, radius(d, '0.3rem')));
    // The reviewer reads version `first`; meanwhile the author takes it back, changes it and submits it again.
    const back = await call(author, 'POST', `/staff/form-versions/${d.version.id}/reject`, { note: 'one more thing' });
    const changed = await save(back.json<Detail>(), radius(d, '3rem'));
    await submit(changed);
    const stale = await approve(reviewer, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'FORM_STALE' });
    expect((await manifest()).themes['1']!.version).not.toBe(first.version.version);
    // Without the state read, nothing is approved.
    const blind = await call(reviewer, 'POST', `/staff/form-versions/${d.version.id}/approve`, {});
    expect(blind.statusCode).toBe(400);
    // Read again, what the reviewer saw is what goes live.
    const read = (await call(reviewer, 'GET', `/staff/form-versions/${d.version.id}`)).json<Detail>();
    expect(read.content).toMatchObject({ properties: { '--radius': '3rem' } });
    const approved = await approve(reviewer, read);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Detail>().content).toMatchObject({ properties: { '--radius': '3rem' } });
  });

  it('an approval racing the author taking the version back: one of them wins, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const d = await draft('theme', '1');
      const inReview = await submit(await save(d, radius(d, `${round + 1}.5rem`)));
      const [approved, takenBack] = await Promise.all([
        approve(reviewer, inReview),
        call(author, 'POST', `/staff/form-versions/${d.version.id}/reject`, { note: 'wait' }),
      ]);
      const codes = [approved.statusCode, takenBack.statusCode].sort();
      expect(codes, `${approved.body} ${takenBack.body}`).toEqual([200, 409]);
      const [row] = await api.database.db.select().from(formVersions).where(eq(formVersions.id, d.version.id));
      expect(row!.status).toBe(approved.statusCode === 200 ? 'published' : 'draft');
      if (row!.status === 'draft') {
        // Left open for no one: the draft goes back to review and is approved, so the next round can open one.
        const read = await submit((await call(author, 'GET', `/staff/form-versions/${d.version.id}`)).json<Detail>());
        expect((await approve(reviewer, read)).statusCode).toBe(200);
      }
    }
  });

  it('an undo of an undo is not an emergency: it goes through review', async () => {
    const d = await draft('theme', '1');
    const published = await publish(await save(d, radius(d, '0.7rem')));
    const replaced = published.version.version - 1;
    const undo = await call(author, 'POST', '/staff/forms/theme/1/rollback', {
      version: replaced,
      reason: 'Too round',
    });
    expect(undo.json<Detail>().version).toMatchObject({ status: 'published', basedOn: replaced });
    // The 0.7rem version is now the one just replaced; bringing it back alone would publish it without review.
    const redo = await call(author, 'POST', '/staff/forms/theme/1/rollback', {
      version: published.version.version,
      reason: 'Changed my mind',
    });
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json<Detail>().version).toMatchObject({ status: 'review', submitter: { id: author.id } });
    expect((await approve(reviewer, redo.json<Detail>())).statusCode).toBe(200);
  });

  it('a version withdrawn for cause is never published again, opens no draft, and borrowers lose its grace at once', async () => {
    const borrower = await login(api);
    const section = completeSections().baseInfo2!;
    const put = (version?: number) =>
      call(borrower, 'PUT', `/profile/baseInfo2${version === undefined ? '' : `?formVersion=${version}`}`, section);
    const d = await draft('form', 'baseInfo2');
    const harmful = await publish(await save(d, d.content));
    const bad = harmful.version.version;
    // Undone at once by one person; the harmful version is still within its grace period...
    const undo = await call(author, 'POST', '/staff/forms/form/baseInfo2/rollback', {
      version: bad - 1,
      reason: 'Harmful: blocks borrowers',
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await put(bad)).statusCode).toBe(200);
    // ... until it is withdrawn for cause (the published version cannot be: it is undone first).
    const live = await call(reviewer, 'POST', `/staff/form-versions/${undo.json<Detail>().version.id}/withdraw`, {
      reason: 'x',
    });
    expect(live.json()).toMatchObject({ code: 'FORM_STATE' });
    expect(
      (await call(reviewer, 'POST', `/staff/form-versions/${harmful.version.id}/withdraw`, { reason: ' ' })).statusCode,
    ).toBe(400);
    const withdrawn = await call(reviewer, 'POST', `/staff/form-versions/${harmful.version.id}/withdraw`, {
      reason: 'Froze the server',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<Detail>().version).toMatchObject({
      status: 'withdrawn',
      withdrawn: { reason: 'Froze the server', by: { id: reviewer.id } },
    });
    expect((await put(bad)).json()).toMatchObject({ code: 'FORM_VERSION_RETIRED' });
    expect((await put()).statusCode).toBe(200);
    const rollback = await call(author, 'POST', '/staff/forms/form/baseInfo2/rollback', { version: bad, reason: 'x' });
    expect(rollback.json()).toMatchObject({ code: 'FORM_VERSION_WITHDRAWN' });
    const reopened = await call(author, 'POST', '/staff/forms/form/baseInfo2/drafts', { from: bad });
    expect(reopened.json()).toMatchObject({ code: 'FORM_VERSION_WITHDRAWN' });
    const events = await api.database.db
      .select({ event: auditLog.event, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.staffId, reviewer.id));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'staff.forms.withdrawn',
          detail: expect.objectContaining({ reason: 'Froze the server' }),
        }),
      ]),
    );
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

  it('refuses content too deep or too large with a clear answer, storing nothing; a broken draft can always be discarded', async () => {
    const d = await draft('form', 'bankInfo');
    const deep = (levels: number) => {
      let node: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < levels; i++) node = { type: 'object', properties: { a: node } };
      return { ...d.content, schema: node };
    };
    for (const levels of [2_000, 6_000]) {
      // Written as text: JSON.stringify itself overflows its stack on 6,000 levels.
      const nested = `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`;
      const body = JSON.stringify({ content: { ...d.content, schema: 'SCHEMA' }, updatedAt: d.version.updatedAt });
      const res = await api.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/form-versions/${d.version.id}`,
        headers: { ...headersOf(author), 'content-type': 'application/json' },
        payload: body.replace('"SCHEMA"', nested),
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FORM_TOO_LARGE', maxDepth: 32 });
    }
    const read = await call(author, 'GET', `/staff/form-versions/${d.version.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Detail>().version.updatedAt).toBe(d.version.updatedAt);
    // One stored before the limits held: it reads, says why it cannot go further, and is discarded.
    await api.database.db
      .update(formVersions)
      .set({ content: deep(2_000) })
      .where(eq(formVersions.id, d.version.id));
    const broken = await call(author, 'GET', `/staff/form-versions/${d.version.id}`);
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json<Detail>().checks).toEqual([
      expect.objectContaining({ severity: 'error', code: 'studio.checks.contentTooLarge' }),
    ]);
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/submit`, {})).statusCode).toBe(422);
    const discarded = await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(204);
    expect((await call(author, 'GET', `/staff/form-versions/${d.version.id}`)).statusCode).toBe(404);
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`)).statusCode).toBe(404);
    // The published version is not discarded.
    const published = (await call(author, 'GET', '/staff/forms/form/bankInfo/versions')).json<{
      items: { id: string; status: string }[];
    }>();
    const live = published.items.find((v) => v.status === 'published')!;
    expect((await call(author, 'POST', `/staff/form-versions/${live.id}/discard`)).json()).toMatchObject({
      code: 'FORM_STATE',
    });
  });

  it("removes the files of a draft's earlier autosaves and of a discarded draft", async () => {
    const d = await draft('form', 'bankInfo');
    const hashes: string[] = [];
    let current = d;
    for (const max of [30, 31, 32]) {
      const content = structuredClone(d.content) as FormContent & {
        schema: { properties: Record<string, Record<string, unknown>> };
      };
      content.schema.properties['payeeLastName']!['maxLength'] = max;
      current = await save(current, content);
      hashes.push(/preview\/([0-9a-f]{20})\.js/u.exec(current.validator!)![1]!);
      api.advance(11 * 60);
    }
    const stored = async () =>
      (await api.database.db.select({ hash: formAssets.hash }).from(formAssets)).map((a) => a.hash);
    // Each save swept what was orphaned longer than ten minutes: the first two autosaves' files are gone.
    await save(current, current.content);
    expect(await stored()).not.toContain(hashes[0]);
    expect(await stored()).not.toContain(hashes[1]);
    expect(await stored()).toContain(hashes[2]);
    api.advance(11 * 60);
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`)).statusCode).toBe(204);
    expect(await stored()).not.toContain(hashes[2]);
    // The published versions' files stay.
    const manifestNow = await manifest();
    const form = await api.app.inject({ method: 'GET', url: manifestNow.forms['bankInfo']!.form });
    expect(form.statusCode).toBe(200);
    expect(
      (await api.app.inject({ method: 'GET', url: form.json<{ validator: string }>().validator })).statusCode,
    ).toBe(200);
    // The reviewer, idle through the autosaves, was signed out: a new session for the tests after this one.
    reviewer = await addTestStaff(api.database.db, 'productStaff', api.now());
  });

  it('identity is a rule of the product: the studio refuses a step order or an identity form that drops or weakens it', async () => {
    const flow = await draft('flow', FLOW);
    const steps = (flow.content as unknown as FlowContent).steps.filter((st) => st.step !== 'identityInfo');
    const noIdentity = await save(flow, { steps });
    expect(noIdentity.checks).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'studio.checks.ruleIdentityStep',
        params: { step: 'identityInfo' },
      }),
    ]);
    expect((await call(author, 'POST', `/staff/form-versions/${flow.version.id}/submit`, {})).statusCode).toBe(422);
    expect((await call(author, 'POST', `/staff/form-versions/${flow.version.id}/discard`)).statusCode).toBe(204);

    const d = await draft('form', 'identity');
    type Editable = FormContent & {
      schema: { properties: Record<string, Record<string, unknown>>; required: string[]; allOf?: unknown[] };
      uiSchema: Record<string, Record<string, unknown>>;
    };
    const codes = async (edit: (c: Editable) => void) => {
      const content = structuredClone(d.content) as Editable;
      edit(content);
      const res = await call(author, 'PUT', `/staff/form-versions/${d.version.id}`, {
        content,
        updatedAt: (await call(author, 'GET', `/staff/form-versions/${d.version.id}`)).json<Detail>().version.updatedAt,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<Detail>()
        .checks.filter((c) => c.severity === 'error')
        .map((c) => `${c.code.replace('studio.checks.', '')}:${c.path}`);
    };
    // The face photo without its document kind would skip the photo and face checks.
    expect(
      await codes((c) => delete (c.uiSchema['facePhoto']!['ui:options'] as Record<string, unknown>)['documentKind']),
    ).toEqual(['rulePhoto:/uiSchema/facePhoto']);
    // The ID photo turned into a text field.
    expect(
      await codes((c) => {
        c.uiSchema['idPhotoFront'] = { 'ui:widget': 'text' };
      }),
    ).toEqual(
      expect.arrayContaining([
        'rulePhoto:/uiSchema/idPhotoFront',
        'ruleNotice:/uiSchema/idPhotoFront/ui:options/notice',
      ]),
    );
    // The ID number no longer required; the name's format gone; the ID number rules gone.
    expect(
      await codes((c) => {
        c.schema.required = c.schema.required.filter((f) => f !== 'idNumber');
        delete c.schema.properties['name']!['format'];
        delete c.schema.allOf;
      }),
    ).toEqual(
      expect.arrayContaining([
        'ruleIdentityField:/schema/properties/idNumber',
        'ruleIdentityCheck:/schema/properties/name/format',
        'ruleIdentityNumbers:/schema/allOf',
      ]),
    );
    // Within the rules, the form is product staff's: a clearer title passes.
    expect(await codes((c) => (c.schema.properties['gender']!['title'] = 'identity.gender'))).toEqual([]);
    expect((await call(author, 'POST', `/staff/form-versions/${d.version.id}/discard`)).statusCode).toBe(204);
  });

  it('a step order published without the identity step (before the rule) still lets no one apply without identity', async () => {
    const [row] = await api.database.db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.kind, 'flow'), eq(formVersions.status, 'published')));
    const original = row!.content as FlowContent;
    const steps = original.steps
      .filter((st) => st.step !== 'identityInfo')
      .map((st, i, all) => ({ ...st, next: all[i + 1]?.route ?? '/homeIndex' }));
    await api.database.db.update(formVersions).set({ content: { steps } }).where(eq(formVersions.id, row!.id));
    // Any publish makes the server read the published versions again.
    const republish = async () => {
      const theme = await draft('theme', '1');
      await publish(await save(theme, radius(theme, `${Math.random().toFixed(2)}rem`)));
    };
    await republish();
    try {
      const borrower = await login(api);
      const { identityInfo: _identity, ...rest } = completeSections();
      await api.database.db.insert(profileSections).values(
        Object.entries(rest).map(([step, data]) => ({
          customerId: borrower.customerId,
          step,
          data,
          schemaVersion: 'fixture',
        })),
      );
      const applied = await call(borrower, 'POST', '/loans', STANDARD_LOAN, newKey());
      expect(applied.statusCode, applied.body).toBe(409);
      expect(applied.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE', next: '/identityInfo' });
    } finally {
      await api.database.db.update(formVersions).set({ content: original }).where(eq(formVersions.id, row!.id));
      await republish();
    }
  });
});

const FLOW = 'steps';
