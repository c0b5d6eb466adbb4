/**
 * Feedback a borrower sends from the help area: validated by the same compiled validator as the form
 * (forms/compiled/feedback.js, from forms/feedback.schema.json), stored with the text encrypted, acknowledged by a
 * Notify message in the same transaction, and listed for its author only. Staff replies (reply, repliedAt) come with
 * the staff console; the author sees them here.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FeedbackItem } from '#api-contract/me.ts';
import { fieldErrors, type CompiledValidator } from '#engine/validation/compiled-validator.ts';
import validateFeedback from '#forms/compiled/feedback.js';
import type { Database } from '../db/database.ts';
import { documents, feedback } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { notify } from './messages.ts';
import { documentIdOf } from '#domain/document-ref.ts';

const validate = validateFeedback as CompiledValidator;

/** What the form sends (forms/feedback.schema.json). */
interface FeedbackInput {
  readonly category: FeedbackItem['category'];
  readonly text: string;
  readonly screenshot?: string;
}

/** The document kind a feedback screenshot is uploaded as (POST /documents). */
export const FEEDBACK_SCREENSHOT_KIND = 'feedbackScreenshot';

type FeedbackRow = typeof feedback.$inferSelect;

function itemOf(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    category: row.category as FeedbackItem['category'],
    text: row.text,
    hasScreenshot: row.documentId !== null,
    state: row.state as FeedbackItem['state'],
    reply: row.reply ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `now`: the server's clock (DEMO_CLOCK's in a demonstration), the date the feedback and its message carry. */
export function createFeedbackService(db: Database, now: () => Date = () => new Date()) {
  return {
    /** Validates and stores one feedback of `customerId`; VALIDATION_FAILED with field errors as a step's save. */
    async send(customerId: string, input: unknown): Promise<FeedbackItem> {
      const data = structuredClone(input) as FeedbackInput;
      const errors = fieldErrors(validate, data).map((e) => ({
        instancePath: e.instancePath,
        keyword: e.keyword,
        params: e.params,
      }));
      if (errors.length > 0) throw new ApiError('VALIDATION_FAILED', { errors });
      let documentId: string | null = null;
      if (data.screenshot !== undefined) {
        const id = documentIdOf(data.screenshot);
        // An image itself is uploaded first (POST /documents); the feedback holds its id.
        if (!id)
          throw new ApiError('VALIDATION_FAILED', {
            errors: [{ instancePath: '/screenshot', keyword: 'upload', params: {} }],
          });
        const [owned] = await db
          .select({ id: documents.id })
          .from(documents)
          .where(
            and(
              eq(documents.id, id),
              eq(documents.customerId, customerId),
              eq(documents.kind, FEEDBACK_SCREENSHOT_KIND),
            ),
          );
        if (!owned)
          throw new ApiError('VALIDATION_FAILED', {
            errors: [{ instancePath: '/screenshot', keyword: 'document', params: {} }],
          });
        documentId = id;
      }
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(feedback)
          .values({ customerId, category: data.category, text: data.text, documentId, state: 'open', createdAt: at })
          .returning();
        if (!saved) throw new Error('feedback insert returned nothing');
        await notify(tx, {
          customerId,
          template: 'feedbackReceived',
          params: {},
          link: '/feedback',
          dedupeKey: `feedback:${saved.id}`,
          at,
        });
        return saved;
      });
      return itemOf(row);
    },

    /** The author's feedback, newest first. */
    async list(customerId: string): Promise<{ items: FeedbackItem[] }> {
      const rows = await db
        .select()
        .from(feedback)
        // Complaints about collection are listed with the collection contacts (GET /collection-contacts).
        .where(and(eq(feedback.customerId, customerId), eq(feedback.kind, 'feedback')))
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(100);
      return { items: rows.map(itemOf) };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
