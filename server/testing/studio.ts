/**
 * The form studio's API as the server suites drive it: open a draft, save it, submit it, approve it (by the state
 * read), publish it (submit, then a second person approves). `crew` names who acts, read at each call: a suite may
 * sign its staff in again after moving its clock past their sessions.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestDatabaseKind } from '#server/db/test-database.ts';
import type { FormContent } from '#domain/form-content.ts';
import { caller } from './request.ts';
import { addTestStaff, type TestStaff } from './staff.ts';
import { testApi, type TestApi } from './test-api.ts';

/** A version as the studio's API answers it (GET /staff/form-versions/:id and every action on one). */
export interface StudioDetail<Content = FormContent> {
  version: {
    id: string;
    version: number;
    status: string;
    updatedAt: string;
    basedOn?: number | null;
    note?: string | null;
    author: { id: string } | null;
    approver: { id: string } | null;
    submitter: { id: string } | null;
    withdrawn: { reason: string; by: { id: string } | null } | null;
  };
  content: Content;
  checks: { severity: string; code: string; params: Record<string, unknown>; path: string }[];
  breaking: { id: string; kind?: string; field?: string; affected?: number }[];
  validator: string | null;
}

/** Who opens, writes and submits (`author`), and who approves (`reviewer`). */
export interface StudioCrew {
  readonly author: TestStaff;
  readonly reviewer: TestStaff;
}

export function studioCalls(api: () => TestApi, crew: () => StudioCrew) {
  const call = caller(api);
  const ok = async <T>(answer: Promise<{ statusCode: number; body: string; json<U>(): U }>, status = 200) => {
    const res = await answer;
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const studio = {
    /** Opens a draft of a document (from the published version, or version `from`). */
    draft: <Content = FormContent>(kind: string, name: string, from?: number) =>
      ok<StudioDetail<Content>>(
        call(crew().author, 'POST', `/staff/forms/${kind}/${name}/drafts`, from === undefined ? {} : { from }),
        201,
      ),
    /** Saves `content` over draft `d` (as the author, or `as`). */
    save: <Content>(d: StudioDetail<Content>, content: unknown, as: TestStaff = crew().author) =>
      ok<StudioDetail<Content>>(
        call(as, 'PUT', `/staff/form-versions/${d.version.id}`, { content, updatedAt: d.version.updatedAt }),
      ),
    /** Submits draft `d`, acknowledging `acknowledge` (as the author, or `by`). */
    submit: <Content>(d: StudioDetail<Content>, acknowledge: readonly string[] = [], by: TestStaff = crew().author) =>
      ok<StudioDetail<Content>>(call(by, 'POST', `/staff/form-versions/${d.version.id}/submit`, { acknowledge })),
    /** Approves version `d` in the state it is in (as a reviewer who just read it): the raw answer. */
    approve: <Content>(staff: TestStaff, d: StudioDetail<Content>) =>
      call(staff, 'POST', `/staff/form-versions/${d.version.id}/approve`, { updatedAt: d.version.updatedAt }),
    /** Submits draft `d` and has the reviewer approve it: the published version. */
    async publish<Content>(d: StudioDetail<Content>, acknowledge: readonly string[] = []) {
      return ok<StudioDetail<Content>>(studio.approve(crew().reviewer, await studio.submit(d, acknowledge)));
    },
  };
  return studio;
}

/** A studio suite's test API and its two product staff, set up before its tests and closed after them. */
export interface StudioSuite extends StudioCrew {
  readonly api: TestApi;
}

/**
 * Opens a test API on `kind` with an author and a reviewer (product staff) before the suite's tests and closes it
 * after; answers the suite (read its fields inside tests), the request helper and the studio's calls.
 */
export function studioSuite(kind: TestDatabaseKind) {
  const suite = {} as { api: TestApi; author: TestStaff; reviewer: TestStaff };
  beforeAll(async () => {
    suite.api = await testApi(kind);
    suite.author = await addTestStaff(suite.api.database.db, 'productStaff', suite.api.now());
    suite.reviewer = await addTestStaff(suite.api.database.db, 'productStaff', suite.api.now());
  });
  afterAll(async () => {
    await suite.api?.close();
  });
  return {
    suite: suite as StudioSuite,
    call: caller(() => suite.api),
    studio: studioCalls(
      () => suite.api,
      () => suite,
    ),
  };
}
