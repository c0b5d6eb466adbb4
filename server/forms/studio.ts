/**
 * The form studio's versions: product staff open a draft of a form, the step order or a theme, edit it,
 * submit it for review; a second product staff member approves it and it goes live at once. Every action is in the
 * audit log.
 *
 * Four eyes: a version records everyone who opened, changed or submitted it (`contributors`); none of them
 * may approve it. An approval names the state the reviewer read (`updatedAt`, which every save, submit and send-back
 * moves) and is refused when it changed. An undo to the version just replaced is one person's emergency action, with
 * a reason in the audit log; an older version comes back only through review. A version withdrawn for cause is never
 * published again, no draft opens from it and no borrower's step is checked against it.
 *
 * Rules kept here, not in the console: a document has at most one open (draft or review) version; a draft is saved
 * only over the state it was read in (`updatedAt`), so two tabs do not overwrite each other; submitting runs the checks
 * (server/forms/studio-checks.ts) and refuses errors; a breaking change (a required field saved profiles hold, removed
 * or retyped) must be acknowledged by id, with the number of borrowers it reaches; publishing locks the document's
 * rows first (the only lock taken), so an approval and a rollback of the same document never both go live.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import type { versionView } from '#api-contract/staff-forms.ts';
import {
  CONTENT_KINDS,
  type ContentKind,
  type FlowContent,
  type FormContent,
  type VersionStatus,
} from '#domain/form-content.ts';
import type { Database } from '../db/database.ts';
import { formPersonas, formVersions, staffAccounts } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { staffAudit } from '../services/audit.ts';
import type { Tx } from '../services/idempotency.ts';
import type { StaffCaller } from '../services/staff/sessions.ts';
import { buildFormAssets } from './assets.ts';
import { invalidatedFields } from './impact.ts';
import { storeAssets, sweepAssets, type PublishedForms } from './published.ts';
import {
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_NODES,
  studioChecks,
  withinLimits,
  type Breaking,
  type Change,
  type Check,
} from './studio-checks.ts';

type VersionRow = typeof formVersions.$inferSelect;

/** A version as the console shows it (the contract's `versionView`). */
export type VersionView = FromSchema<typeof versionView>;

/** One version with its content, its checks, its breaking changes against the published version, its preview validator. */
export interface VersionDetail {
  readonly version: VersionView;
  readonly content: unknown;
  readonly checks: readonly Check[];
  readonly breaking: readonly Breaking[];
  /** Form versions whose schema compiles: the URL of the validator module (the studio's preview imports it). */
  readonly validator: string | null;
}

const author = alias(staffAccounts, 'author');
const approver = alias(staffAccounts, 'approver');
const submitter = alias(staffAccounts, 'submitter');
const withdrawer = alias(staffAccounts, 'withdrawer');

/** The same instant (timestamps are compared to the millisecond the API shows). */
const sameInstant = (at: Date, iso: string): boolean => at.getTime() === new Date(iso).getTime();

/** `contributors` with `staffId` added (as SQL, so concurrent writers never lose one another's). */
const withContributor = (staffId: string) =>
  sql`(case when ${formVersions.contributors} @> ${JSON.stringify([staffId])}::jsonb then ${formVersions.contributors} else ${formVersions.contributors} || ${JSON.stringify([staffId])}::jsonb end)`;

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function createStudioService(deps: { db: Database; now: () => Date; forms: PublishedForms }) {
  const { db, now, forms } = deps;
  const checks = studioChecks(forms);

  const selectViews = () =>
    db
      .select({
        row: formVersions,
        authorName: author.name,
        approverName: approver.name,
        submitterName: submitter.name,
        withdrawerName: withdrawer.name,
      })
      .from(formVersions)
      .leftJoin(author, eq(author.id, formVersions.authorId))
      .leftJoin(approver, eq(approver.id, formVersions.approverId))
      .leftJoin(submitter, eq(submitter.id, formVersions.submitterId))
      .leftJoin(withdrawer, eq(withdrawer.id, formVersions.withdrawnById));

  type ViewRow = {
    row: VersionRow;
    authorName: string | null;
    approverName: string | null;
    submitterName: string | null;
    withdrawerName: string | null;
  };

  const viewOf = ({ row, authorName, approverName, submitterName, withdrawerName }: ViewRow): VersionView => ({
    id: row.id,
    kind: row.kind as ContentKind,
    name: row.name,
    version: row.version,
    status: row.status as VersionStatus,
    basedOn: row.basedOn,
    author: row.authorId ? { id: row.authorId, name: authorName ?? '' } : null,
    approver: row.approverId ? { id: row.approverId, name: approverName ?? '' } : null,
    submitter: row.submitterId ? { id: row.submitterId, name: submitterName ?? '' } : null,
    contributors: [
      ...new Set([row.authorId, row.submitterId, ...(row.contributors ?? [])].filter((id) => id !== null)),
    ],
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    publishedAt: iso(row.publishedAt),
    retiredAt: iso(row.retiredAt),
    withdrawn: row.withdrawnAt
      ? {
          at: row.withdrawnAt.toISOString(),
          by: row.withdrawnById ? { id: row.withdrawnById, name: withdrawerName ?? '' } : null,
          reason: row.withdrawnReason ?? '',
        }
      : null,
  });

  async function rowOf(id: string): Promise<ViewRow> {
    const [found] = await selectViews().where(eq(formVersions.id, id));
    if (!found) throw new ApiError('NOT_FOUND');
    return found;
  }

  /** The published version's content of a document (what a new version is compared with). */
  async function publishedContent(kind: ContentKind, name: string): Promise<unknown> {
    const [row] = await db
      .select({ content: formVersions.content })
      .from(formVersions)
      .where(and(eq(formVersions.kind, kind), eq(formVersions.name, name), eq(formVersions.status, 'published')));
    return row?.content;
  }

  /**
   * The breaking changes of `content` against the published version, each with the borrowers it reaches: fields
   * removed or retyped and, when `saved` (an action, not a read: it runs the new validator over every saved section),
   * the fields whose saved answers the new version would refuse (a tightened rule).
   */
  async function breakingOf(
    kind: ContentKind,
    name: string,
    content: unknown,
    saved: { version: number } | undefined = undefined,
  ): Promise<Breaking[]> {
    if (kind !== 'form' || !withinLimits(content)) return [];
    const before = await publishedContent(kind, name);
    if (before === undefined) return [];
    const found: Breaking[] = checks.breaking(before as FormContent, content as FormContent);
    const affected = found.length > 0 ? await forms.sectionsOfForm(name) : 0;
    const structural = found.map((b) => ({ ...b, affected }));
    if (!saved) return structural;
    const published = await forms.rules(name);
    let assets;
    try {
      assets = await buildFormAssets(name, saved.version, content as FormContent);
    } catch {
      return structural; // A schema that does not compile is refused by the checks.
    }
    const invalid = await invalidatedFields(
      db,
      await forms.stepsOfForm(name),
      published,
      await forms.validatorOfAssets(assets),
      checks.addedRequired(before as FormContent, content as FormContent),
    );
    // A removed or retyped field is said once, as such.
    const named = new Set(structural.map((b) => b.field));
    return [...structural, ...invalid.filter((b) => !named.has(b.field))];
  }

  /** A form version's files, when its schema compiles (the preview's validator), stored; else null. */
  async function assetsOf(
    kind: ContentKind,
    name: string,
    version: number,
    content: unknown,
    executor: Database | Tx = db,
  ) {
    if (kind !== 'form') return null;
    let assets;
    try {
      assets = await buildFormAssets(name, version, content as FormContent);
    } catch {
      return null;
    }
    // In the caller's transaction when there is one (PGlite has one connection: a second would wait for it forever).
    await storeAssets(executor, assets, now());
    return assets;
  }

  async function detailOf(found: ViewRow): Promise<VersionDetail> {
    const { row } = found;
    const kind = row.kind as ContentKind;
    const open = row.status === 'draft' || row.status === 'review';
    return {
      version: viewOf(found),
      content: row.content,
      checks: await checks.check(kind, row.name, row.content, row.version),
      breaking: open ? await breakingOf(kind, row.name, row.content) : [],
      validator: row.validatorHash ? forms.previewUrl(row.validatorHash) : null,
    };
  }

  /** Whether `staffId` opened, changed or submitted the version (then they may not approve it). */
  function isContributor(row: VersionRow, staffId: string): boolean {
    return row.authorId === staffId || row.submitterId === staffId || (row.contributors ?? []).includes(staffId);
  }

  /** The version the published one replaced: the archived version retired last (an undo brings it back). */
  function justReplaced(rows: readonly VersionRow[]): VersionRow | undefined {
    let found: VersionRow | undefined;
    for (const r of rows)
      if (
        (r.status === 'archived' || r.status === 'withdrawn') &&
        r.retiredAt &&
        (!found || r.retiredAt > found.retiredAt!)
      )
        found = r;
    return found?.status === 'archived' ? found : undefined;
  }

  /**
   * Whether bringing `target` back is an undo of the last publish: it is the version just replaced, and the published
   * one is not itself an undo (an undo of an undo, or a chain of them, goes through review).
   */
  function isUndo(rows: readonly VersionRow[], target: VersionRow): boolean {
    const published = rows.find((r) => r.status === 'published');
    const publishedAlone = published !== undefined && published.authorId !== null && published.approverId === null;
    return !publishedAlone && justReplaced(rows)?.id === target.id;
  }

  /** Locks the rows of one document (the only lock the studio takes) and answers them. */
  async function lockDocument(tx: Tx, kind: ContentKind, name: string): Promise<VersionRow[]> {
    return tx
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.kind, kind), eq(formVersions.name, name)))
      .for('update');
  }

  /** Content as it goes live: the flow's `next` links follow the order staff gave. */
  function contentToPublish(kind: ContentKind, content: unknown): unknown {
    return kind === 'flow' ? checks.normalizeFlow(content as FlowContent) : content;
  }

  /** Publishes `content` as version row `id` (or a new row), archiving the published one, in the caller's transaction. */
  async function goLive(
    tx: Tx,
    kind: ContentKind,
    name: string,
    at: Date,
    set: { id: string } | { insert: typeof formVersions.$inferInsert },
  ): Promise<VersionRow> {
    await tx
      .update(formVersions)
      .set({ status: 'archived', retiredAt: at, updatedAt: at })
      .where(and(eq(formVersions.kind, kind), eq(formVersions.name, name), eq(formVersions.status, 'published')));
    if ('id' in set) {
      const [row] = await tx
        .update(formVersions)
        .set({ status: 'published', publishedAt: at, updatedAt: at })
        .where(eq(formVersions.id, set.id))
        .returning();
      return row!;
    }
    const [row] = await tx.insert(formVersions).values(set.insert).returning();
    return row!;
  }

  return {
    /** Every document with its published version and its open one. */
    async list() {
      const rows = await db
        .select({
          kind: formVersions.kind,
          name: formVersions.name,
          id: formVersions.id,
          version: formVersions.version,
          status: formVersions.status,
          publishedAt: formVersions.publishedAt,
        })
        .from(formVersions)
        .where(inArray(formVersions.status, ['draft', 'review', 'published']));
      const documents = new Map<
        string,
        {
          kind: ContentKind;
          name: string;
          published: { version: number; publishedAt: string } | null;
          open: { id: string; version: number; status: VersionStatus } | null;
        }
      >();
      for (const row of rows) {
        const key = `${row.kind}/${row.name}`;
        const doc = documents.get(key) ?? {
          kind: row.kind as ContentKind,
          name: row.name,
          published: null,
          open: null,
        };
        if (row.status === 'published')
          doc.published = { version: row.version, publishedAt: row.publishedAt?.toISOString() ?? '' };
        else doc.open = { id: row.id, version: row.version, status: row.status as VersionStatus };
        documents.set(key, doc);
      }
      const order = (kind: string) => CONTENT_KINDS.indexOf(kind as ContentKind);
      return {
        items: [...documents.values()].sort(
          (a, b) => order(a.kind) - order(b.kind) || a.name.localeCompare(b.name, 'en', { numeric: true }),
        ),
      };
    },

    /** A document's versions, newest first. */
    async versions(kind: ContentKind, name: string) {
      const rows = await selectViews()
        .where(and(eq(formVersions.kind, kind), eq(formVersions.name, name)))
        .orderBy(desc(formVersions.version));
      if (rows.length === 0) throw new ApiError('NOT_FOUND');
      return { items: rows.map(viewOf) };
    },

    async get(id: string): Promise<VersionDetail> {
      return detailOf(await rowOf(id));
    },

    /** A new draft from version `from` (default: the published one); one open version per document. */
    async createDraft(
      staff: StaffCaller,
      kind: ContentKind,
      name: string,
      from: number | undefined,
      ip: string,
    ): Promise<VersionDetail> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        const rows = await lockDocument(tx, kind, name);
        if (rows.length === 0) throw new ApiError('NOT_FOUND');
        const open = rows.find((r) => r.status === 'draft' || r.status === 'review');
        if (open) throw new ApiError('FORM_DRAFT_EXISTS', { id: open.id });
        const source =
          from === undefined ? rows.find((r) => r.status === 'published') : rows.find((r) => r.version === from);
        if (!source) throw new ApiError('NOT_FOUND');
        if (source.status === 'withdrawn') throw new ApiError('FORM_VERSION_WITHDRAWN', { version: source.version });
        const version = Math.max(...rows.map((r) => r.version)) + 1;
        const assets = await assetsOf(kind, name, version, source.content, tx);
        const [row] = await tx
          .insert(formVersions)
          .values({
            kind,
            name,
            version,
            status: 'draft',
            content: source.content,
            basedOn: source.version,
            authorId: staff.staffId,
            contributors: [staff.staffId],
            formHash: assets?.formHash ?? null,
            validatorHash: assets?.validatorHash ?? null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: formVersions.id });
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.draft.created',
          ip,
          detail: { kind, name, version, from: source.version },
        });
        return row!.id;
      });
      return detailOf(await rowOf(id));
    },

    /** Saves a draft's content over the state it was read in; answers the draft with its checks. */
    async save(
      staff: StaffCaller,
      id: string,
      content: unknown,
      updatedAt: string,
      ip: string,
    ): Promise<VersionDetail> {
      const { row } = await rowOf(id);
      if (row.status !== 'draft') throw new ApiError('FORM_STATE', { status: row.status });
      const kind = row.kind as ContentKind;
      checks.shape(kind, content);
      // A reordered flow links each step to the next by itself: staff move steps, the `next` routes follow.
      if (kind === 'flow') content = checks.normalizeFlow(content as FlowContent);
      const assets = await assetsOf(kind, row.name, row.version, content);
      const at = now();
      const saved = await db.transaction(async (tx) => {
        const done = await tx
          .update(formVersions)
          .set({
            content,
            formHash: assets?.formHash ?? null,
            validatorHash: assets?.validatorHash ?? null,
            updatedAt: at,
            contributors: withContributor(staff.staffId),
          })
          .where(
            and(
              eq(formVersions.id, id),
              eq(formVersions.status, 'draft'),
              sql`date_trunc('milliseconds', ${formVersions.updatedAt}) = ${new Date(updatedAt).toISOString()}::timestamptz`,
            ),
          )
          .returning({ id: formVersions.id });
        if (done.length === 0) return false;
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.draft.saved',
          ip,
          detail: { kind, name: row.name, version: row.version },
        });
        // The files of earlier autosaves no version names any more.
        await sweepAssets(tx, at);
        return true;
      });
      if (!saved) throw new ApiError('FORM_STALE');
      return detailOf(await rowOf(id));
    },

    /**
     * Deletes an open (draft or review) version, whatever its content (one too large to check included), with its
     * files once no other version names them.
     */
    async discard(staff: StaffCaller, id: string, ip: string): Promise<void> {
      const [found] = await db
        .select({
          kind: formVersions.kind,
          name: formVersions.name,
          version: formVersions.version,
          status: formVersions.status,
        })
        .from(formVersions)
        .where(eq(formVersions.id, id));
      if (!found) throw new ApiError('NOT_FOUND');
      if (found.status !== 'draft' && found.status !== 'review')
        throw new ApiError('FORM_STATE', { status: found.status });
      const kind = found.kind as ContentKind;
      const at = now();
      await db.transaction(async (tx) => {
        await lockDocument(tx, kind, found.name);
        const gone = await tx
          .delete(formVersions)
          .where(and(eq(formVersions.id, id), inArray(formVersions.status, ['draft', 'review'])))
          .returning({ id: formVersions.id });
        if (gone.length === 0) throw new ApiError('FORM_STATE', { status: 'published' }); // published in between
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.draft.discarded',
          ip,
          detail: { kind, name: found.name, version: found.version },
        });
        await sweepAssets(tx, at);
      });
    },

    /** Draft -> review, when the checks pass and every breaking change is acknowledged. */
    async submit(staff: StaffCaller, id: string, acknowledge: readonly string[], ip: string): Promise<VersionDetail> {
      const found = await rowOf(id);
      const { row } = found;
      if (row.status !== 'draft') throw new ApiError('FORM_STATE', { status: row.status });
      const kind = row.kind as ContentKind;
      const errors = (await checks.check(kind, row.name, row.content, row.version)).filter(
        (c) => c.severity === 'error',
      );
      if (errors.length > 0) throw new ApiError('FORM_CHECKS_FAILED', { checks: errors });
      const breaking = await breakingOf(kind, row.name, row.content, row);
      const missing = breaking.filter((b) => !acknowledge.includes(b.id));
      if (missing.length > 0) throw new ApiError('FORM_BREAKING_UNACKNOWLEDGED', { breaking });
      const at = now();
      await db.transaction(async (tx) => {
        const done = await tx
          .update(formVersions)
          .set({
            status: 'review',
            submittedAt: at,
            updatedAt: at,
            acknowledged: breaking.map((b) => b.id),
            note: null,
            submitterId: staff.staffId,
            contributors: withContributor(staff.staffId),
          })
          .where(and(eq(formVersions.id, id), eq(formVersions.status, 'draft')))
          .returning({ id: formVersions.id });
        if (done.length === 0) throw new ApiError('FORM_STATE', { status: 'review' });
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.submitted',
          ip,
          detail: {
            kind,
            name: row.name,
            version: row.version,
            acknowledged: breaking.map((b) => `${b.id} (${b.affected ?? 0})`),
          },
        });
      });
      return detailOf(await rowOf(id));
    },

    /**
     * Review -> published, by someone who neither opened, changed nor submitted the version, approving the state they
     * read (`updatedAt`); the published version is archived (retired now).
     */
    async approve(staff: StaffCaller, id: string, updatedAt: string, ip: string): Promise<VersionDetail> {
      const { row } = await rowOf(id);
      if (row.status !== 'review') throw new ApiError('FORM_STATE', { status: row.status });
      if (isContributor(row, staff.staffId)) throw new ApiError('SAME_PERSON');
      if (!sameInstant(row.updatedAt, updatedAt)) throw new ApiError('FORM_STALE');
      const kind = row.kind as ContentKind;
      // The published version or the saved answers may have changed since the submit: what breaks is judged again.
      const breaking = await breakingOf(kind, row.name, row.content, row);
      const acknowledged = row.acknowledged ?? [];
      if (breaking.some((b) => !acknowledged.includes(b.id)))
        throw new ApiError('FORM_BREAKING_UNACKNOWLEDGED', { breaking });
      const content = contentToPublish(kind, row.content);
      const assets = await assetsOf(kind, row.name, row.version, content);
      if (kind === 'form' && !assets) throw new ApiError('FORM_CHECKS_FAILED', { checks: [] });
      const at = now();
      await db.transaction(async (tx) => {
        const rows = await lockDocument(tx, kind, row.name);
        const locked = rows.find((r) => r.id === id);
        if (locked?.status !== 'review') throw new ApiError('FORM_STATE', { status: locked?.status ?? 'published' });
        // Taken back, changed and submitted again since the reviewer read it: not what they approve.
        if (!sameInstant(locked.updatedAt, updatedAt)) throw new ApiError('FORM_STALE');
        if (isContributor(locked, staff.staffId)) throw new ApiError('SAME_PERSON');
        await tx
          .update(formVersions)
          .set({
            approverId: staff.staffId,
            content,
            formHash: assets?.formHash ?? null,
            validatorHash: assets?.validatorHash ?? null,
          })
          .where(eq(formVersions.id, id));
        await goLive(tx, kind, row.name, at, { id });
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.approved',
          ip,
          detail: {
            kind,
            name: row.name,
            version: row.version,
            author: row.authorId,
            submitter: locked.submitterId,
            contributors: locked.contributors,
            reviewed: updatedAt,
          },
        });
      });
      forms.invalidate();
      return detailOf(await rowOf(id));
    },

    /** Review -> draft with the reviewer's note (or the author's own, taking their submission back to change it). */
    async reject(staff: StaffCaller, id: string, note: string, ip: string): Promise<VersionDetail> {
      const { row } = await rowOf(id);
      if (row.status !== 'review') throw new ApiError('FORM_STATE', { status: row.status });
      const at = now();
      await db.transaction(async (tx) => {
        const done = await tx
          .update(formVersions)
          .set({ status: 'draft', note, submittedAt: null, acknowledged: null, updatedAt: at })
          .where(and(eq(formVersions.id, id), eq(formVersions.status, 'review')))
          .returning({ id: formVersions.id });
        if (done.length === 0) throw new ApiError('FORM_STATE', { status: row.status });
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.rejected',
          ip,
          detail: { kind: row.kind, name: row.name, version: row.version },
        });
      });
      return detailOf(await rowOf(id));
    },

    /**
     * Brings version `version`'s content back. The version just replaced (the undo of the last publish) goes live at
     * once, one person's emergency action with a reason; an older one becomes a new version in review, submitted by
     * the caller, which someone else approves. A withdrawn version never comes back. Breaking changes acknowledged.
     */
    async rollback(
      staff: StaffCaller,
      kind: ContentKind,
      name: string,
      version: number,
      acknowledge: readonly string[],
      reason: string | undefined,
      ip: string,
    ): Promise<VersionDetail> {
      const rows = await db
        .select()
        .from(formVersions)
        .where(and(eq(formVersions.kind, kind), eq(formVersions.name, name)));
      const target = rows.find((r) => r.version === version);
      if (!target) throw new ApiError('NOT_FOUND');
      if (target.status === 'withdrawn') throw new ApiError('FORM_VERSION_WITHDRAWN', { version });
      if (target.status !== 'archived') throw new ApiError('FORM_STATE', { status: target.status });
      const undo = isUndo(rows, target);
      if (undo && !reason?.trim()) throw new ApiError('FORM_REASON_REQUIRED');
      if (!undo) {
        const open = rows.find((r) => r.status === 'draft' || r.status === 'review');
        if (open) throw new ApiError('FORM_DRAFT_EXISTS', { id: open.id });
      }
      // What comes back passes today's checks, as any submitted version does (they may have grown since).
      const errors = (await checks.check(kind, name, target.content, target.version)).filter(
        (c) => c.severity === 'error',
      );
      if (errors.length > 0) throw new ApiError('FORM_CHECKS_FAILED', { checks: errors });
      const breaking = await breakingOf(kind, name, target.content, target);
      if (breaking.some((b) => !acknowledge.includes(b.id)))
        throw new ApiError('FORM_BREAKING_UNACKNOWLEDGED', { breaking });
      const at = now();
      const id = await db.transaction(async (tx) => {
        const locked = await lockDocument(tx, kind, name);
        // Judged again under the lock: another publish or a withdrawal may have come in between.
        const still = locked.find((r) => r.id === target.id);
        if (still?.status === 'withdrawn') throw new ApiError('FORM_VERSION_WITHDRAWN', { version });
        if (still?.status !== 'archived') throw new ApiError('FORM_STATE', { status: still?.status ?? 'archived' });
        if (undo !== isUndo(locked, target)) throw new ApiError('FORM_STATE', { status: 'archived' });
        const open = locked.find((r) => r.status === 'draft' || r.status === 'review');
        if (!undo && open) throw new ApiError('FORM_DRAFT_EXISTS', { id: open.id });
        const next = Math.max(...locked.map((r) => r.version)) + 1;
        const assets = await assetsOf(kind, name, next, target.content, tx);
        const values = {
          kind,
          name,
          version: next,
          content: target.content,
          basedOn: target.version,
          authorId: staff.staffId,
          contributors: [staff.staffId],
          acknowledged: breaking.map((b) => b.id),
          formHash: assets?.formHash ?? null,
          validatorHash: assets?.validatorHash ?? null,
          createdAt: at,
          updatedAt: at,
        };
        const audited = {
          kind,
          name,
          version: next,
          restored: target.version,
          acknowledged: breaking.map((b) => `${b.id} (${b.affected ?? 0})`),
        };
        if (!undo) {
          const [row] = await tx
            .insert(formVersions)
            .values({ ...values, status: 'review', submitterId: staff.staffId, submittedAt: at })
            .returning({ id: formVersions.id });
          await staffAudit(tx, { staffId: staff.staffId, action: 'forms.rollbackSubmitted', ip, detail: audited });
          return row!.id;
        }
        const row = await goLive(tx, kind, name, at, {
          insert: { ...values, status: 'published', note: reason!.trim(), publishedAt: at },
        });
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.rolledBack',
          ip,
          detail: { ...audited, reason: reason!.trim() },
        });
        return row.id;
      });
      if (undo) forms.invalidate();
      return detailOf(await rowOf(id));
    },

    /**
     * Withdraws a version for cause (harmful content): it is never published again, no draft opens from it and a
     * borrower's step is no longer checked against it, grace period or not. The published version is undone first.
     */
    async withdraw(staff: StaffCaller, id: string, reason: string, ip: string): Promise<VersionDetail> {
      const { row } = await rowOf(id);
      const kind = row.kind as ContentKind;
      await db.transaction(async (tx) => {
        const locked = (await lockDocument(tx, kind, row.name)).find((r) => r.id === id);
        if (locked?.status !== 'archived') throw new ApiError('FORM_STATE', { status: locked?.status ?? row.status });
        const at = now();
        await tx
          .update(formVersions)
          .set({
            status: 'withdrawn',
            withdrawnReason: reason.trim(),
            withdrawnById: staff.staffId,
            withdrawnAt: at,
            updatedAt: at,
          })
          .where(eq(formVersions.id, id));
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.withdrawn',
          ip,
          detail: { kind, name: row.name, version: row.version, reason: reason.trim() },
        });
      });
      forms.invalidate();
      return detailOf(await rowOf(id));
    },

    /** What changed from version `against` to version `id` (both of one document). */
    async diff(id: string, against: string): Promise<{ changes: Change[] }> {
      const [a, b] = await Promise.all([rowOf(against), rowOf(id)]);
      if (a.row.kind !== b.row.kind || a.row.name !== b.row.name) throw new ApiError('BAD_REQUEST');
      if (!withinLimits(a.row.content) || !withinLimits(b.row.content))
        throw new ApiError('FORM_TOO_LARGE', { maxDepth: CONTENT_MAX_DEPTH, maxValues: CONTENT_MAX_NODES });
      return { changes: checks.diff(a.row.content, b.row.content) };
    },

    async personas(form: string) {
      const rows = await db
        .select()
        .from(formPersonas)
        .where(eq(formPersonas.form, form))
        .orderBy(formPersonas.createdAt);
      return { items: rows.map((r) => ({ id: r.id, label: r.label, data: r.data as Record<string, unknown> })) };
    },

    async addPersona(staff: StaffCaller, form: string, label: string, data: unknown, ip: string) {
      const [row] = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(formPersonas)
          .values({ form, label, data, createdBy: staff.staffId })
          .returning();
        await staffAudit(tx, { staffId: staff.staffId, action: 'forms.persona.saved', ip, detail: { form, label } });
        return inserted;
      });
      return { id: row!.id, label: row!.label, data: row!.data as Record<string, unknown> };
    },

    async deletePersona(staff: StaffCaller, id: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(formPersonas)
          .where(eq(formPersonas.id, id))
          .returning({ form: formPersonas.form, label: formPersonas.label });
        if (gone.length === 0) throw new ApiError('NOT_FOUND');
        await staffAudit(tx, {
          staffId: staff.staffId,
          action: 'forms.persona.deleted',
          ip,
          detail: { form: gone[0]!.form, label: gone[0]!.label },
        });
      });
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
