/**
 * Collections (docs/collections.md): the staff console's queue, a loan's collection view, contacts, promises to pay,
 * assignments, message templates and disputes (server/routes/staff/collections.ts), and the borrower's dispute and
 * list of the contacts made to them (server/routes/collections.ts). The lists of codes the database also holds to
 * are domain/collections.ts's.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  COMPLAINT_REASONS,
  COMPLAINT_STATES,
  COMPLAINT_TEXT_LENGTH,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  CONTACT_PURPOSES,
  DISPUTE_REASONS,
} from '#domain/collections.ts';
import { centavos, day, instant, uuid, type DeepReadonly } from './common.ts';
import { pageProperties, type PageQuery } from './staff.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullable = <const T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const closed = <const P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    properties,
  }) as const;

export const contactChannels = CONTACT_CHANNELS;
export const contactOutcomes = CONTACT_OUTCOMES;
export const contactPurposes = CONTACT_PURPOSES;
export const promiseStates = ['pending', 'kept', 'broken'] as const;
export const templateStates = ['pending', 'approved', 'refused'] as const;
/** Why a borrower disputes a bill in the app; `statedOnCall`: a dispute a collector recorded from a contact. */
export const disputeReasons = DISPUTE_REASONS;
export const disputeReasonsAll = [...disputeReasons, 'statedOnCall'] as const;
export type DisputeReason = (typeof disputeReasonsAll)[number];
/** How a supervisor resolved a dispute: the bill was right, it was corrected, or the borrower withdrew it. */
export const disputeResolutions = ['confirmed', 'corrected', 'withdrawn'] as const;
/** Why a borrower complains about collection, and where the complaint is (RA 11765; docs/collections.md, Complaints). */
export const complaintReasons = COMPLAINT_REASONS;
export const complaintStates = COMPLAINT_STATES;
/** The languages a message template is written in (config/product.json languages). */
export const templateLanguages = ['en', 'fil', 'zh-CN'] as const;
/**
 * What a template's {{placeholders}} may name: filled by the server for the loan it is sent about (`payLink`: the
 * address of the loan's bill in the app, where the borrower pays).
 */
export const templatePlaceholders = [
  'product',
  'orderNo',
  'amount',
  'amountDue',
  'dueDate',
  'daysPastDue',
  'payLink',
] as const;

const channel = { type: 'string', enum: contactChannels } as const;
const outcome = { type: 'string', enum: contactOutcomes } as const;
const clockTime = { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: 'Manila HH:MM' } as const;
const hours = closed({ from: clockTime, to: clockTime });
const who = closed({ id: uuid, name: str });
const maskedCustomer = closed({ nameMasked: str, phoneMasked: str });
const components = closed({
  principal: centavos,
  interest: centavos,
  fee: centavos,
  lateFine: centavos,
  damages: centavos,
});

// ---- The queue ----

export const queueQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bucket: { type: 'string', maxLength: 32, description: 'One delinquency bucket (config/collections.json)' },
    collectorId: { ...uuid, description: 'Supervisors: the loans of one collector' },
    unassigned: { type: 'string', enum: ['true'], description: 'Supervisors: the loans no collector has' },
    ...pageProperties,
  },
} as const;
export interface QueueQuery extends PageQuery {
  bucket?: string;
  collectorId?: string;
  unassigned?: 'true';
}

const promiseSummary = closed({ id: uuid, promisedOn: day, amountCentavos: centavos, state: str });
export const queueItem = closed({
  orderId: uuid,
  orderNo: str,
  customerId: uuid,
  customer: maskedCustomer,
  collector: nullable(who),
  bucket: str,
  daysPastDue: int,
  overdueCentavos: centavos,
  amountDueCentavos: centavos,
  brokenPromises: { type: 'integer', description: 'Promises broken since the last one kept' },
  promise: { ...nullable(promiseSummary), description: 'The latest promise' },
  lastContactAt: nullable(instant),
  disputed: bool,
});

/** GET /staff/collections/queue */
export const queueAnswer = closed({
  items: { type: 'array', items: queueItem },
  total: int,
  buckets: {
    type: 'array',
    description:
      'Every bucket of config/collections.json, in order, with the loans of the queue (before the bucket filter) in it',
    items: closed({ id: str, fromDays: int, toDays: nullable(int), loans: int, overdueCentavos: centavos }),
  },
});

// ---- One loan ----

export const contactView = closed({
  id: uuid,
  at: instant,
  channel,
  outcome: nullable(outcome),
  note: nullable(str),
  staffId: uuid,
  staffName: str,
  templateId: nullable(uuid),
  purpose: { type: 'string', enum: contactPurposes },
  daysPastDue: int,
});
export const promiseView = closed({
  id: uuid,
  orderId: uuid,
  promisedOn: day,
  amountCentavos: centavos,
  state: { type: 'string', enum: promiseStates },
  madeAt: instant,
  staffName: str,
  contactId: nullable(uuid),
});
export const disputeView = closed({
  id: uuid,
  orderId: uuid,
  orderNo: str,
  customerId: uuid,
  reason: { type: 'string', enum: disputeReasonsAll },
  note: nullable(str),
  state: { type: 'string', enum: ['open', 'resolved'] },
  openedAt: instant,
  openedByName: {
    ...nullable(str),
    description: 'The staff member who recorded it from a contact; null: the borrower',
  },
  resolution: nullable({ type: 'string', enum: disputeResolutions }),
  resolutionNote: nullable(str),
  resolvedByName: nullable(str),
  resolvedAt: nullable(instant),
});

// ---- Complaints (RA 11765) ----

const complaintReason = { type: 'string', enum: complaintReasons } as const;
const complaintState = { type: 'string', enum: complaintStates } as const;
const complaintReference = {
  type: 'string',
  description: 'What the borrower and customer service call the complaint by: CC- and the first 8 characters of its id',
} as const;

/** One complaint as customer service (and a supervisor, on the loan's view) sees it, with its age. */
export const complaintView = closed({
  id: uuid,
  reference: complaintReference,
  customerId: uuid,
  customer: maskedCustomer,
  orderId: nullable(uuid),
  orderNo: nullable(str),
  contact: {
    ...nullable(closed({ id: uuid, at: instant, channel, staffName: str })),
    description: 'The contact complained about; null: collection conduct in general',
  },
  reason: complaintReason,
  text: str,
  state: complaintState,
  receivedAt: instant,
  ageDays: { ...int, description: 'Manila calendar days since it was received' },
  acknowledgeBy: { ...day, description: 'The last day to acknowledge it (config/collections.json complaints)' },
  resolveBy: { ...day, description: 'The last day to resolve it' },
  complex: { ...bool, description: 'Marked complex when acknowledged: the longer period to resolve it' },
  overdue: { ...bool, description: 'A deadline passed with it not acknowledged, or not resolved' },
  acknowledgedAt: nullable(instant),
  acknowledgedByName: nullable(str),
  answer: nullable(str),
  answeredAt: nullable(instant),
  answeredByName: nullable(str),
});
export const complaintListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: ['open', 'resolved'], description: 'open: received or in progress' },
    ...pageProperties,
  },
} as const;
export interface ComplaintListQuery extends PageQuery {
  state?: 'open' | 'resolved';
}
export const complaintListAnswer = closed({
  items: { type: 'array', items: complaintView },
  total: int,
  deadlines: closed({ acknowledgeDays: int, resolveDays: int, complexResolveDays: int }),
});
/** Acknowledging a complaint; `complex`: it needs an investigation, another party or documents (the longer period). */
export const complaintAcknowledgement = {
  type: 'object',
  additionalProperties: false,
  properties: { complex: { type: 'boolean', default: false } },
} as const;
export interface ComplaintAcknowledgement {
  complex?: boolean;
}
export const complaintResolveInput = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: { type: 'string', minLength: 1, maxLength: 2000, description: 'What the borrower is told' } },
} as const;
export interface ComplaintResolveInput {
  answer: string;
}

/** GET /staff/collections/loans/:orderId (audited). The emergency contacts are never part of it. */
export const collectionView = closed({
  order: closed({
    id: uuid,
    orderNo: str,
    state: str,
    principalCentavos: centavos,
    loanDate: nullable(day),
    dueDate: nullable(day),
    amountDueCentavos: centavos,
    amountRepaidCentavos: centavos,
  }),
  delinquency: closed({
    daysPastDue: int,
    bucket: nullable(str),
    overdue: { ...components, description: 'What the periods past their due date still owe, by component' },
    overdueCentavos: centavos,
  }),
  borrower: closed({
    customerId: uuid,
    name: { ...str, description: 'Masked (staff masking rule); in the clear from GET .../contact-details, audited' },
    phone: {
      ...str,
      description: "The borrower's own mobile number, masked; in the clear from GET .../contact-details",
    },
    email: { ...nullable(str), description: 'Masked; in the clear from GET .../contact-details' },
    language: str,
    smsReminders: bool,
    contactHours: {
      ...nullable(hours),
      description: 'Hours the borrower agreed to be contacted in besides the legal ones',
    },
    contactConsentAt: nullable(instant),
  }),
  collector: nullable(who),
  /** What the rules say of a contact now. */
  rules: closed({
    contactAllowedNow: bool,
    why: {
      type: 'string',
      enum: ['withinHours', 'pastDueExemption', 'consent', 'outsideHours', 'dailyCap', 'disputed'],
    },
    contactHours: hours,
    hoursExemptAfterDays: int,
    contactsToday: int,
    maxContactsPerDay: int,
    promiseLastDay: day,
  }),
  contacts: { type: 'array', items: contactView },
  promises: { type: 'array', items: promiseView },
  payments: {
    type: 'array',
    items: closed({
      id: uuid,
      kind: str,
      amountCentavos: centavos,
      state: str,
      createdAt: instant,
      completedAt: nullable(instant),
    }),
  },
  disputes: { type: 'array', items: disputeView },
  messages: {
    type: 'array',
    description:
      'Each approved template as the borrower would receive it now: in their language (English where the template has none), its placeholders filled',
    items: closed({ templateId: uuid, language: str, text: str }),
  },
  complaints: {
    ...nullable({ type: 'array', items: complaintView }),
    description:
      "The borrower's complaints about this loan's collection; null: the caller may not read them (a collector)",
  },
});

const promiseFields = {
  promisedOn: day,
  amountCentavos: { type: 'integer', minimum: 1 },
} as const;

/** POST /staff/collections/loans/:orderId/promises */
export const promiseInput = {
  type: 'object',
  additionalProperties: false,
  required: ['promisedOn', 'amountCentavos'],
  properties: promiseFields,
} as const;
export interface PromiseInput {
  promisedOn: string;
  amountCentavos: number;
}

/**
 * POST /staff/collections/loans/:orderId/contacts: `promise` goes with (and only with) the outcome `promise`
 * (VALIDATION_FAILED otherwise).
 */
export const contactInput = {
  type: 'object',
  additionalProperties: false,
  required: ['channel', 'outcome'],
  properties: {
    channel,
    outcome,
    note: { type: 'string', minLength: 1, maxLength: 2000 },
    promise: { ...promiseInput, description: 'The promise to pay the borrower made: with the outcome `promise` only' },
  },
} as const;
export interface ContactInput {
  channel: (typeof contactChannels)[number];
  outcome: (typeof contactOutcomes)[number];
  note?: string;
  promise?: PromiseInput;
}
export const contactAnswer = closed({ contact: contactView, promise: nullable(promiseView) });

/** POST /staff/collections/loans/:orderId/assignment */
export const assignInput = {
  type: 'object',
  additionalProperties: false,
  required: ['collectorId'],
  properties: { collectorId: uuid },
} as const;
export const assignAnswer = closed({ orderId: uuid, collector: who });

/** POST /staff/collections/loans/:orderId/messages */
export const sendInput = {
  type: 'object',
  additionalProperties: false,
  required: ['templateId'],
  properties: { templateId: uuid },
} as const;

/** GET /staff/collections/collectors: who loans may be assigned to, with the repaying loans each holds. */
export const collectorsAnswer = closed({
  items: {
    type: 'array',
    items: closed({ id: uuid, name: str, role: str, openLoans: int }),
  },
});

// ---- Templates ----

const templateText = { type: 'string', minLength: 1, maxLength: 480 } as const;
export const templateTexts = closed({ en: templateText, fil: templateText, 'zh-CN': templateText });

/** POST /staff/collections/templates */
export const templateInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'texts'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, texts: templateTexts },
} as const;
export type TemplateInput = FromSchema<typeof templateInput>;

export const templateView = closed({
  id: uuid,
  name: str,
  texts: templateTexts,
  state: { type: 'string', enum: templateStates },
  createdBy: uuid,
  createdByName: str,
  decidedByName: nullable(str),
  decidedAt: nullable(instant),
  createdAt: instant,
});
export const templateListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { type: 'string', enum: templateStates } },
} as const;
export const templateListAnswer = closed({ items: { type: 'array', items: templateView } });
export const templateDecisionInput = {
  type: 'object',
  additionalProperties: false,
  required: ['approve'],
  properties: { approve: bool },
} as const;

// ---- Disputes (staff) ----

export const disputeListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { type: 'string', enum: ['open', 'resolved'] }, ...pageProperties },
} as const;
export interface DisputeListQuery extends PageQuery {
  state?: 'open' | 'resolved';
}
export const disputeListAnswer = closed({
  items: { type: 'array', items: closed({ ...disputeView.properties, customer: maskedCustomer }) },
  total: int,
});
export const disputeResolveInput = {
  type: 'object',
  additionalProperties: false,
  required: ['resolution'],
  properties: {
    resolution: { type: 'string', enum: disputeResolutions },
    note: { type: 'string', minLength: 1, maxLength: 2000 },
  },
} as const;
export interface DisputeResolveInput {
  resolution: (typeof disputeResolutions)[number];
  note?: string;
}

// ---- The borrower ----

/** POST /loans/:id/dispute */
export const borrowerDisputeInput = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: { type: 'string', enum: disputeReasons },
    note: { type: 'string', minLength: 1, maxLength: 1000, description: 'What is wrong, in the borrower’s words' },
  },
} as const;
export type BorrowerDisputeInput = FromSchema<typeof borrowerDisputeInput>;
export const borrowerDisputeAnswer = closed({
  id: uuid,
  orderId: uuid,
  orderNo: str,
  reason: { type: 'string', enum: disputeReasonsAll },
  state: { type: 'string', enum: ['open', 'resolved'] },
  openedAt: instant,
  resolution: nullable({ type: 'string', enum: disputeResolutions }),
  resolvedAt: nullable(instant),
});

/** POST /collection-complaints: about one contact of the caller's, or collection conduct in general. */
export const borrowerComplaintInput = {
  type: 'object',
  additionalProperties: false,
  required: ['reason', 'text'],
  properties: {
    contactId: { ...uuid, description: "The contact complained about (the caller's own); none: conduct in general" },
    orderId: {
      ...uuid,
      description: "The loan a general complaint is about (the caller's own); a contact names its own",
    },
    reason: complaintReason,
    text: {
      type: 'string',
      minLength: COMPLAINT_TEXT_LENGTH.min,
      maxLength: COMPLAINT_TEXT_LENGTH.max,
      description: 'What happened, in the borrower’s words',
    },
  },
} as const;
export type BorrowerComplaintInput = FromSchema<typeof borrowerComplaintInput>;
export const borrowerComplaintAnswer = closed({
  id: uuid,
  reference: complaintReference,
  contactId: nullable(uuid),
  orderId: nullable(uuid),
  orderNo: nullable(str),
  reason: complaintReason,
  text: str,
  state: complaintState,
  receivedAt: instant,
  answer: { ...nullable(str), description: "Customer service's answer, once resolved" },
  answeredAt: nullable(instant),
});

/** GET /collection-contacts: every collection contact made to the caller, newest first. */
export const borrowerContactsAnswer = closed({
  items: {
    type: 'array',
    items: closed({
      id: uuid,
      at: instant,
      channel,
      staffAlias: { type: 'string', description: 'Who contacted them: a staff alias, never the name' },
      purpose: { type: 'string', enum: contactPurposes },
      orderId: uuid,
      orderNo: str,
      daysPastDue: int,
      message: { ...nullable(str), description: 'The text of a message sent from a template' },
    }),
  },
  disputes: { type: 'array', items: borrowerDisputeAnswer },
  complaints: { type: 'array', items: borrowerComplaintAnswer },
});

/** GET /collections/loans/:orderId/contact-details: the borrower's own details in the clear, to reach them (audited). */
export const borrowerContactDetails = closed({
  name: { ...str, description: 'To make sure the person reached is the borrower (no third party hears of the debt)' },
  phone: { ...str, description: "The borrower's own mobile number, national form ('' once erased)" },
  email: nullable(str),
});

/** The answers' types (json-schema-to-ts), read-only as a reader holds them. */
export type QueueAnswer = DeepReadonly<FromSchema<typeof queueAnswer>>;
export type QueueItem = QueueAnswer['items'][number];
export type CollectionView = DeepReadonly<FromSchema<typeof collectionView>>;
export type BorrowerContactDetails = DeepReadonly<FromSchema<typeof borrowerContactDetails>>;
export type ContactView = DeepReadonly<FromSchema<typeof contactView>>;
export type PromiseView = DeepReadonly<FromSchema<typeof promiseView>>;
export type ContactAnswer = DeepReadonly<FromSchema<typeof contactAnswer>>;
export type DisputeView = DeepReadonly<FromSchema<typeof disputeView>>;
export type DisputeListAnswer = DeepReadonly<FromSchema<typeof disputeListAnswer>>;
export type TemplateView = DeepReadonly<FromSchema<typeof templateView>>;
export type TemplateListAnswer = DeepReadonly<FromSchema<typeof templateListAnswer>>;
export type AssignAnswer = DeepReadonly<FromSchema<typeof assignAnswer>>;
export type CollectorsAnswer = DeepReadonly<FromSchema<typeof collectorsAnswer>>;
export type BorrowerDisputeAnswer = DeepReadonly<FromSchema<typeof borrowerDisputeAnswer>>;
export type BorrowerComplaintAnswer = DeepReadonly<FromSchema<typeof borrowerComplaintAnswer>>;
export type ComplaintView = DeepReadonly<FromSchema<typeof complaintView>>;
export type ComplaintListAnswer = DeepReadonly<FromSchema<typeof complaintListAnswer>>;
export type BorrowerContactsAnswer = DeepReadonly<FromSchema<typeof borrowerContactsAnswer>>;
