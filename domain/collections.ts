/**
 * Collections: what is overdue on a loan and how late (its delinquency bucket), the order a collector's queue is
 * worked in, what became of a promise to pay, and the rules of SEC MC 18 s.2019 (unfair debt collection) the system
 * enforces on every contact: the hours, the contacts a day, and the wording no message may hold. Pure: the rules
 * come from config/collections.json (CollectionRules fits its generated type), the clock and the history from the
 * caller. docs/collections.md says how the server applies them.
 */
import { addDays, daysBetween, manilaStartOfDay, manilaToday } from './calendar-date.ts';
import { addComponents, figuresOf, outstandingOf, total, ZERO, type Components, type Ledger } from './loan-ledger.ts';
import type { Centavos } from './money.ts';
import type { ComplaintState } from './collection-complaints.ts';

// Complaints (RA 11765): their reasons, states and text length live in ./collection-complaints.ts, which the app's
// contacts screen imports alone (a module two lazy screens share becomes a chunk of its own).
export * from './collection-complaints.ts';

export interface DelinquencyBucket {
  readonly id: string;
  readonly fromDays: number;
  /** Null: no end. */
  readonly toDays: number | null;
}

/** How a collector reached out (a message sent from a template goes by SMS and in the app together: `sms`). */
export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'in_app'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** What came of a contact attempt. */
export const CONTACT_OUTCOMES = ['reached', 'no_answer', 'promise', 'refused', 'disputed', 'wrong_number'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** Why a borrower disputes a bill in the app (a collector records `statedOnCall` from a contact besides these). */
export const DISPUTE_REASONS = ['amountWrong', 'alreadyPaid', 'notMyLoan', 'other'] as const;

/** Why the borrower was contacted, as the borrower's own list of contacts says it. */
export const CONTACT_PURPOSES = ['overdue', 'promiseFollowUp'] as const;
export type ContactPurpose = (typeof CONTACT_PURPOSES)[number];

/** The MC 18 wording categories (config/schema/collections.schema.json). */
export const WORDING_CATEGORIES = [
  'arrest',
  'jail',
  'estafa',
  'barangay',
  'police',
  'publishName',
  'contactFamily',
  'contactEmployer',
  'insult',
] as const;
export type WordingCategory = (typeof WORDING_CATEGORIES)[number];

export interface ForbiddenWording {
  readonly category: WordingCategory;
  readonly en: readonly string[];
  readonly fil: readonly string[];
}

/** config/collections.json. */
export interface CollectionRules {
  readonly buckets: readonly DelinquencyBucket[];
  /** Manila 'HH:MM', from (included) to (excluded). */
  readonly contactHours: { readonly from: string; readonly to: string };
  readonly hoursExemptAfterDaysPastDue: number;
  readonly maxContactsPerDay: number;
  readonly promiseMaxDays: number;
  readonly forbiddenWording: readonly ForbiddenWording[];
  /** Manila days customer service has to acknowledge and to resolve a complaint. */
  readonly complaints: {
    readonly acknowledgeDays: number;
    readonly resolveDays: number;
    readonly complexResolveDays: number;
  };
}

/** SEC MC 18 s.2019: no contact before 06:00 or from 22:00 (Manila). Config may be stricter, never wider. */
export const LEGAL_CONTACT_HOURS = { from: '06:00', to: '22:00' } as const;

// ---- Buckets and what is overdue ----

/** The bucket `daysPastDue` falls in; null when the loan is not past due (or no bucket holds it). */
export function bucketOf(daysPastDue: number, buckets: readonly DelinquencyBucket[]): DelinquencyBucket | null {
  if (daysPastDue < 1) return null;
  return buckets.find((b) => daysPastDue >= b.fromDays && (b.toDays === null || daysPastDue <= b.toDays)) ?? null;
}

/** What config's buckets get wrong: not starting at day 1, a gap or overlap, an end before a start, an end on the last. */
export function checkBuckets(buckets: readonly DelinquencyBucket[]): string[] {
  const problems: string[] = [];
  if (buckets.length === 0) return ['no bucket'];
  if (buckets[0]!.fromDays !== 1) problems.push(`the first bucket (${buckets[0]!.id}) must start at 1 day past due`);
  buckets.forEach((b, i) => {
    const last = i === buckets.length - 1;
    if (b.toDays !== null && b.toDays < b.fromDays) problems.push(`bucket ${b.id} ends before it starts`);
    if (last && b.toDays !== null) problems.push(`the last bucket (${b.id}) must have no end (toDays null)`);
    if (!last && b.toDays === null) problems.push(`only the last bucket may have no end, not ${b.id}`);
    const next = buckets[i + 1];
    if (next && b.toDays !== null && next.fromDays !== b.toDays + 1)
      problems.push(`bucket ${next.id} must start the day after ${b.id} ends (${b.toDays + 1})`);
  });
  if (new Set(buckets.map((b) => b.id)).size !== buckets.length) problems.push('two buckets have the same id');
  return problems;
}

/** A loan's delinquency on a day. */
export interface Delinquency {
  /** Days the oldest period still owing is past its due date (0: not past due). */
  readonly daysPastDue: number;
  readonly bucket: string | null;
  /** What the periods past their due date still owe, by component (principal, interest, fee, late fine, damages). */
  readonly overdue: Components;
  readonly overdueCentavos: Centavos;
  /** Everything still owed (what settles the loan today). */
  readonly amountDueCentavos: Centavos;
}

/** The delinquency of a loan's ledger, brought to `day` by the caller (its interest and penalties accrued). */
export function delinquencyOf(ledger: Ledger, day: string, buckets: readonly DelinquencyBucket[]): Delinquency {
  const figures = figuresOf(ledger, day);
  const overdue = ledger.rows
    .filter((row) => daysBetween(row.dueDate, day) > 0)
    .reduce((sum, row) => addComponents(sum, outstandingOf(row)), ZERO);
  const daysPastDue = figures.settled ? 0 : figures.overdueDays;
  return {
    daysPastDue,
    bucket: bucketOf(daysPastDue, buckets)?.id ?? null,
    overdue,
    overdueCentavos: total(overdue),
    amountDueCentavos: figures.amountDue,
  };
}

// ---- The queue ----

/** What orders a loan in the queue. */
export interface QueueFacts {
  /** Promises to pay on the loan that were broken and not followed by one kept. */
  readonly brokenPromises: number;
  readonly overdueCentavos: Centavos;
  readonly daysPastDue: number;
}

/**
 * The queue's order: loans with a broken promise first, then the larger amount overdue, then the more days past due.
 * A comparator for Array.prototype.sort (negative: `a` first).
 */
export function queueOrder(a: QueueFacts, b: QueueFacts): number {
  const broken = Number(b.brokenPromises > 0) - Number(a.brokenPromises > 0);
  if (broken !== 0) return broken;
  if (a.overdueCentavos !== b.overdueCentavos) return b.overdueCentavos - a.overdueCentavos;
  return b.daysPastDue - a.daysPastDue;
}

// ---- Promises to pay ----

export type PromiseState = 'pending' | 'kept' | 'broken';

export interface PaymentMade {
  /** When the payment succeeded. */
  readonly at: Date;
  readonly amountCentavos: Centavos;
}

export interface PromiseToPay {
  /** When the promise was recorded: payments before it do not keep it. */
  readonly madeAt: Date;
  /** The Manila day it is to be paid by (included). */
  readonly promisedOn: string;
  readonly amountCentavos: Centavos;
}

/**
 * What became of a promise at `now`: kept once the payments made after it, up to its day (Manila), reach its amount;
 * broken once its day has passed without that; pending until then. A payment after the day does not mend it.
 */
export function promiseState(promise: PromiseToPay, payments: readonly PaymentMade[], now: Date): PromiseState {
  const paid = payments
    .filter((p) => p.at >= promise.madeAt && daysBetween(manilaToday(p.at), promise.promisedOn) >= 0)
    .reduce((sum, p) => sum + p.amountCentavos, 0);
  if (paid >= promise.amountCentavos) return 'kept';
  return daysBetween(promise.promisedOn, manilaToday(now)) > 0 ? 'broken' : 'pending';
}

/** Whether a promise may be dated `promisedOn` on `today`: from today up to promiseMaxDays ahead. */
export function promiseDateAllowed(promisedOn: string, today: string, rules: Pick<CollectionRules, 'promiseMaxDays'>) {
  const ahead = daysBetween(today, promisedOn);
  return ahead >= 0 && ahead <= rules.promiseMaxDays;
}

/** The last day a promise made on `today` may be dated. */
export const lastPromiseDay = (today: string, rules: Pick<CollectionRules, 'promiseMaxDays'>) =>
  addDays(today, rules.promiseMaxDays);

// ---- Complaints ----

/** What the age of a complaint says: its days, its two deadlines, and whether one of them has passed unmet. */
export interface ComplaintAge {
  /** Manila calendar days since the day it was received (0 on that day). */
  readonly days: number;
  readonly acknowledgeBy: string;
  readonly resolveBy: string;
  readonly overdue: boolean;
}

/**
 * A complaint's age at `now`: counted in Manila calendar days from the day it was received; overdue once a deadline
 * day has passed with the complaint still received (not acknowledged) or not resolved. A complaint marked complex has
 * the longer period to be resolved.
 */
export function complaintAge(
  complaint: { readonly receivedAt: Date; readonly state: ComplaintState; readonly complex?: boolean },
  now: Date,
  rules: Pick<CollectionRules, 'complaints'>,
): ComplaintAge {
  const received = manilaToday(complaint.receivedAt);
  const today = manilaToday(now);
  const acknowledgeBy = addDays(received, rules.complaints.acknowledgeDays);
  const resolveBy = addDays(
    received,
    complaint.complex ? rules.complaints.complexResolveDays : rules.complaints.resolveDays,
  );
  const late = (deadline: string) => daysBetween(deadline, today) > 0;
  const overdue =
    complaint.state !== 'resolved' && (late(resolveBy) || (complaint.state === 'received' && late(acknowledgeBy)));
  return { days: Math.max(0, daysBetween(received, today)), acknowledgeBy, resolveBy, overdue };
}

/** The order customer service works complaints in: overdue first, then the older first, then by id. */
export function complaintOrder<
  T extends { readonly id: string; readonly receivedAt: Date; readonly age: ComplaintAge },
>(a: T, b: T): number {
  if (a.age.overdue !== b.age.overdue) return a.age.overdue ? -1 : 1;
  return a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id);
}

// ---- The hours ----

/** Minutes past midnight of a 'HH:MM'. */
export function minutesOf(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/u.exec(clock);
  if (!match) throw new RangeError(`not a time of day 'HH:MM': ${clock}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes past Manila midnight of the instant `at`. */
export function manilaMinuteOfDay(at: Date): number {
  return Math.floor((at.getTime() - manilaStartOfDay(manilaToday(at)).getTime()) / 60_000);
}

/** Whether `minute` (past midnight) is within from..to (to excluded); a window whose `to` is not after `from` wraps midnight. */
function within(minute: number, window: { readonly from: string; readonly to: string }): boolean {
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Whether config's hours keep to MC 18's (not earlier than 06:00, not later than 22:00, from before to). */
export function checkContactHours(hours: CollectionRules['contactHours']): string[] {
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const problems: string[] = [];
  if (from >= to) problems.push(`contactHours: "from" (${hours.from}) must be before "to" (${hours.to})`);
  if (from < minutesOf(LEGAL_CONTACT_HOURS.from))
    problems.push(`contactHours: "from" (${hours.from}) is before the legal ${LEGAL_CONTACT_HOURS.from}`);
  if (to > minutesOf(LEGAL_CONTACT_HOURS.to))
    problems.push(`contactHours: "to" (${hours.to}) is after the legal ${LEGAL_CONTACT_HOURS.to}`);
  return problems;
}

/** Hours a borrower agreed to be contacted in besides the rules' (in the app); may wrap midnight. */
export interface ConsentedHours {
  readonly from: string;
  readonly to: string;
}

export type HoursVerdict =
  | { readonly allowed: true; readonly why: 'withinHours' | 'pastDueExemption' | 'consent' }
  | { readonly allowed: false; readonly why: 'outsideHours' };

/**
 * Whether a collection contact may be made at `at` (MC 18): within the contact hours; outside them only when the loan
 * is more than `hoursExemptAfterDaysPastDue` days past due, or within hours the borrower consented to.
 */
export function contactHoursVerdict(
  at: Date,
  daysPastDue: number,
  consent: ConsentedHours | null,
  rules: Pick<CollectionRules, 'contactHours' | 'hoursExemptAfterDaysPastDue'>,
): HoursVerdict {
  const minute = manilaMinuteOfDay(at);
  if (within(minute, rules.contactHours)) return { allowed: true, why: 'withinHours' };
  if (daysPastDue > rules.hoursExemptAfterDaysPastDue) return { allowed: true, why: 'pastDueExemption' };
  if (consent && within(minute, consent)) return { allowed: true, why: 'consent' };
  return { allowed: false, why: 'outsideHours' };
}

/** Whether one more contact fits the day's cap, `madeToday` already made to the borrower this Manila day. */
export const underDailyCap = (madeToday: number, rules: Pick<CollectionRules, 'maxContactsPerDay'>): boolean =>
  madeToday < rules.maxContactsPerDay;

// ---- The wording ----

export interface WordingMatch {
  readonly category: WordingCategory;
  /** The configured word or phrase that matched. */
  readonly phrase: string;
  /** The words of the text it matched (lower case, accents off). */
  readonly found: string;
}

/** Lower case, accents off (NFD without combining marks), so "Kulóng" reads "kulong". */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** The regular expression of one configured phrase (see config/schema/collections.schema.json). */
function phrasePattern(phrase: string): RegExp {
  const words = fold(phrase).trim().split(/\s+/u);
  const body = words
    .map((word) => {
      const lead = word.startsWith('*') ? '[\\p{L}\\p{N}]*' : '';
      const tail = word.endsWith('*') ? '[\\p{L}\\p{N}]*' : '';
      return lead + escape(word.replace(/^\*|\*$/gu, '')) + tail;
    })
    .join('[^\\p{L}\\p{N}]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'gu');
}

/** The compiled word lists of a rules object (compiled once per list). */
const compiled = new WeakMap<
  readonly ForbiddenWording[],
  { category: WordingCategory; phrase: string; re: RegExp }[]
>();
function patternsOf(list: readonly ForbiddenWording[]) {
  let patterns = compiled.get(list);
  if (!patterns) {
    patterns = list.flatMap((entry) =>
      [...entry.en, ...entry.fil].map((phrase) => ({ category: entry.category, phrase, re: phrasePattern(phrase) })),
    );
    compiled.set(list, patterns);
  }
  return patterns;
}

/**
 * The forbidden words and phrases in `text` (MC 18: threats of arrest, jail, estafa, barangay or police action,
 * publishing the name or debt, contacting family or employer, insults), in English and Filipino alike: whole words,
 * case and accents ignored. Empty when the text may be sent.
 */
export function forbiddenWordingIn(text: string, rules: Pick<CollectionRules, 'forbiddenWording'>): WordingMatch[] {
  const folded = fold(text);
  const matches: WordingMatch[] = [];
  for (const { category, phrase, re } of patternsOf(rules.forbiddenWording)) {
    re.lastIndex = 0;
    const hit = re.exec(folded);
    if (hit) matches.push({ category, phrase, found: hit[0] });
  }
  return matches;
}
