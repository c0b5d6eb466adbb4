import { describe, expect, it } from 'vitest';
import { collectionsFile } from '#config/collections.ts';
import { pricingFile } from '#config/pricing.ts';
import { addDays, manilaStartOfDay } from './calendar-date.ts';
import {
  bucketOf,
  checkBuckets,
  checkContactHours,
  contactHoursVerdict,
  delinquencyOf,
  forbiddenWordingIn,
  manilaMinuteOfDay,
  promiseDateAllowed,
  promiseState,
  queueOrder,
  underDailyCap,
  type CollectionRules,
  type QueueFacts,
  complaintAge,
  complaintOrder,
} from './collections.ts';
import { accrue, allocate, openLedger, total } from './loan-ledger.ts';
import type { PricingConfig } from './loan-types.ts';
import { findSubProduct, quote } from './pricing.ts';
import { REGULATIONS } from './regulation.ts';

const rules: CollectionRules = collectionsFile;
const pricing: PricingConfig = pricingFile;
const caps = REGULATIONS[0]!.caps;
const standard = findSubProduct(pricing, 'cash', 'standard')!;

/** The instant of hh:mm Manila on `day`. */
const manila = (day: string, hh: number, mm = 0) => new Date(manilaStartOfDay(day).getTime() + (hh * 60 + mm) * 60_000);

describe('delinquency buckets (config/collections.json)', () => {
  it('are 1-7, 8-30, 31-60, 61-90 and over 90 days past due, without gaps', () => {
    expect(checkBuckets(rules.buckets)).toEqual([]);
    const at = (days: number) => bucketOf(days, rules.buckets)?.id ?? null;
    expect([0, 1, 7, 8, 30, 31, 60, 61, 90, 91, 400].map(at)).toEqual([
      null,
      'd1to7',
      'd1to7',
      'd8to30',
      'd8to30',
      'd31to60',
      'd31to60',
      'd61to90',
      'd61to90',
      'over90',
      'over90',
    ]);
  });

  it('refuses buckets with a gap, an overlap, a late start or an end on the last', () => {
    expect(
      checkBuckets([
        { id: 'a', fromDays: 2, toDays: 7 },
        { id: 'b', fromDays: 9, toDays: 30 },
        { id: 'c', fromDays: 30, toDays: 40 },
      ]),
    ).toEqual([
      'the first bucket (a) must start at 1 day past due',
      'bucket b must start the day after a ends (8)',
      'bucket c must start the day after b ends (31)',
      'the last bucket (c) must have no end (toDays null)',
    ]);
  });
});

describe('a loan’s delinquency from its ledger', () => {
  const open = openLedger(
    quote(pricing, standard, { principalCentavos: 300_000, termDays: 30, loanDate: '2026-12-01' }),
  );
  const due = '2026-12-31';

  it('is nothing on and before the due date', () => {
    const l = accrue(open, standard, caps, due).ledger;
    expect(delinquencyOf(l, due, rules.buckets)).toMatchObject({
      daysPastDue: 0,
      bucket: null,
      overdueCentavos: 0,
    });
  });

  it('counts the days past due, the bucket and what is overdue by component', () => {
    const day = addDays(due, 9);
    const l = accrue(open, standard, caps, day).ledger;
    const d = delinquencyOf(l, day, rules.buckets);
    expect(d.daysPastDue).toBe(9);
    expect(d.bucket).toBe('d8to30');
    expect(d.overdue.principal).toBe(300_000);
    expect(d.overdue.interest).toBe(9_000);
    expect(d.overdue.lateFine + d.overdue.damages).toBeGreaterThan(0);
    expect(d.overdueCentavos).toBe(total(d.overdue));
    expect(d.amountDueCentavos).toBe(d.overdueCentavos);
  });

  it('is nothing once the loan is repaid', () => {
    const day = addDays(due, 3);
    let l = accrue(open, standard, caps, day).ledger;
    l = allocate(l, delinquencyOf(l, day, rules.buckets).amountDueCentavos, day).ledger;
    expect(delinquencyOf(l, day, rules.buckets)).toMatchObject({ daysPastDue: 0, bucket: null, overdueCentavos: 0 });
  });
});

describe('the queue’s order', () => {
  const row = (name: string, facts: Partial<QueueFacts>) => ({
    name,
    brokenPromises: 0,
    overdueCentavos: 100_000,
    daysPastDue: 10,
    ...facts,
  });
  it('puts broken promises first, then the larger amount overdue, then the more days past due', () => {
    const rows = [
      row('small', { overdueCentavos: 50_000, daysPastDue: 80 }),
      row('big', { overdueCentavos: 900_000, daysPastDue: 2 }),
      row('broken', { brokenPromises: 1, overdueCentavos: 10_000 }),
      row('same amount, older', { daysPastDue: 40 }),
      row('same amount', { daysPastDue: 12 }),
    ];
    expect(rows.sort(queueOrder).map((r) => r.name)).toEqual([
      'broken',
      'big',
      'same amount, older',
      'same amount',
      'small',
    ]);
  });
});

describe('a promise to pay', () => {
  const promise = { madeAt: manila('2027-01-05', 10), promisedOn: '2027-01-08', amountCentavos: 100_000 };
  it('is pending until its day, kept when the payments after it reach its amount by that day', () => {
    expect(promiseState(promise, [], manila('2027-01-08', 23, 59))).toBe('pending');
    const paid = [
      { at: manila('2027-01-06', 9), amountCentavos: 60_000 },
      { at: manila('2027-01-08', 23, 30), amountCentavos: 40_000 },
    ];
    expect(promiseState(promise, paid.slice(0, 1), manila('2027-01-07', 9))).toBe('pending');
    expect(promiseState(promise, paid, manila('2027-01-09', 9))).toBe('kept');
  });

  it('is broken the day after its day without that; a payment before it or after its day does not count', () => {
    const paid = [
      { at: manila('2027-01-05', 9), amountCentavos: 100_000 },
      { at: manila('2027-01-09', 0, 1), amountCentavos: 100_000 },
    ];
    expect(promiseState(promise, paid, manila('2027-01-09', 0, 0))).toBe('broken');
    expect(promiseState(promise, [], manila('2027-01-09', 0, 0))).toBe('broken');
  });

  it('may be dated from today to promiseMaxDays ahead', () => {
    expect(promiseDateAllowed('2027-01-05', '2027-01-05', rules)).toBe(true);
    expect(promiseDateAllowed('2027-01-04', '2027-01-05', rules)).toBe(false);
    expect(promiseDateAllowed(addDays('2027-01-05', rules.promiseMaxDays), '2027-01-05', rules)).toBe(true);
    expect(promiseDateAllowed(addDays('2027-01-05', rules.promiseMaxDays + 1), '2027-01-05', rules)).toBe(false);
  });
});

describe('the contact hours (MC 18)', () => {
  const day = '2027-01-05';
  it('allow 06:00 up to 22:00 Manila, whatever the machine’s time zone', () => {
    expect(manilaMinuteOfDay(manila(day, 23, 15))).toBe(23 * 60 + 15);
    const verdict = (hh: number, mm = 0) => contactHoursVerdict(manila(day, hh, mm), 3, null, rules).allowed;
    expect([verdict(5, 59), verdict(6), verdict(21, 59), verdict(22), verdict(23), verdict(0, 30)]).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('are lifted more than 15 days past due, and within hours the borrower consented to', () => {
    expect(contactHoursVerdict(manila(day, 23), 15, null, rules)).toEqual({ allowed: false, why: 'outsideHours' });
    expect(contactHoursVerdict(manila(day, 23), 16, null, rules)).toEqual({ allowed: true, why: 'pastDueExemption' });
    const nights = { from: '21:00', to: '07:00' };
    expect(contactHoursVerdict(manila(day, 23), 2, nights, rules)).toEqual({ allowed: true, why: 'consent' });
    expect(contactHoursVerdict(manila(day, 5), 2, nights, rules)).toEqual({ allowed: true, why: 'consent' });
    expect(contactHoursVerdict(manila(day, 23), 2, { from: '06:00', to: '22:00' }, rules).allowed).toBe(false);
  });

  it('in config may be stricter than the law, never wider', () => {
    expect(checkContactHours(rules.contactHours)).toEqual([]);
    expect(checkContactHours({ from: '08:00', to: '20:00' })).toEqual([]);
    expect(checkContactHours({ from: '05:30', to: '22:30' })).toEqual([
      'contactHours: "from" (05:30) is before the legal 06:00',
      'contactHours: "to" (22:30) is after the legal 22:00',
    ]);
  });

  it('come with a cap of contacts a day', () => {
    expect([0, 2, 3].map((n) => underDailyCap(n, rules))).toEqual([true, true, false]);
  });
});

describe('the forbidden wording (MC 18), English and Filipino', () => {
  const categories = (text: string) => [...new Set(forbiddenWordingIn(text, rules).map((m) => m.category))];

  it('finds threats, shaming, third parties and insults, in any case, with accents or Taglish', () => {
    expect(categories('You will be ARRESTED if you do not pay today.')).toEqual(['arrest']);
    expect(categories('Makukulong ka kapag hindi ka nagbayad.')).toEqual(['jail']);
    expect(categories('Ipapakulong ka namin')).toEqual(['jail']);
    expect(categories('We will file an estafa case.')).toEqual(['estafa']);
    expect(categories('Kakasuhan ka namin ng kasong kriminal')).toEqual(['estafa']);
    expect(categories('Pupunta kami sa Barangay ninyo')).toEqual(['barangay']);
    expect(categories('Ipapahuli ka namin sa PULÍS')).toEqual(['police']);
    expect(categories('We will post your name on social media')).toEqual(['publishName']);
    expect(categories('Ipopost ka namin sa Facebook')).toEqual(['publishName']);
    expect(categories('We will call your employer and your family')).toEqual(['contactFamily', 'contactEmployer']);
    expect(categories('Tatawagan namin ang amo mo')).toEqual(['contactEmployer']);
    expect(categories('Walang-hiya ka, magnanakaw!')).toEqual(['insult']);
    expect(categories('You are a   scammer')).toEqual(['insult']);
  });

  it('reads whole words only, so ordinary words that contain one pass', () => {
    expect(forbiddenWordingIn('Our policy: pay only in the app, never to a personal account.', rules)).toEqual([]);
    expect(forbiddenWordingIn('Your computation and the breakdown are on your bill.', rules)).toEqual([]);
    expect(forbiddenWordingIn('Hi {{name}}, your loan {{orderNo}} is {{days}} days past due.', rules)).toEqual([]);
    expect(
      forbiddenWordingIn(
        'Paalala: ang iyong utang na {{amount}} ay lampas na sa takdang araw. Magbayad sa app o tumawag sa amin.',
        rules,
      ),
    ).toEqual([]);
  });

  it('says which configured phrase matched, and what it found', () => {
    expect(forbiddenWordingIn('Ikukulong ka', rules)).toEqual([
      { category: 'jail', phrase: '*kulong*', found: 'ikukulong' },
    ]);
  });
});

describe('complaint age', () => {
  const rules = { complaints: { acknowledgeDays: 2, resolveDays: 7, complexResolveDays: 45 } };
  // 23:30 Manila on 1 March: the complaint's day is 1 March, whatever the UTC date.
  const receivedAt = new Date(manilaStartOfDay('2027-03-01').getTime() + (23 * 60 + 30) * 60_000);
  const at = (day: string, hh = 9) => new Date(manilaStartOfDay(day).getTime() + hh * 3_600_000);

  it('counts Manila days from the day received and names the two deadline days', () => {
    expect(complaintAge({ receivedAt, state: 'received' }, at('2027-03-02', 0), rules)).toEqual({
      days: 1,
      acknowledgeBy: '2027-03-03',
      resolveBy: '2027-03-08',
      overdue: false,
    });
  });

  it('is overdue after the day to acknowledge while received, after the day to resolve until resolved', () => {
    const age = (state: 'received' | 'in_progress' | 'resolved', day: string) =>
      complaintAge({ receivedAt, state }, at(day), rules).overdue;
    expect(age('received', '2027-03-03')).toBe(false);
    expect(age('received', '2027-03-04')).toBe(true);
    expect(age('in_progress', '2027-03-04')).toBe(false);
    expect(age('in_progress', '2027-03-08')).toBe(false);
    expect(age('in_progress', '2027-03-09')).toBe(true);
    expect(age('resolved', '2027-04-30')).toBe(false);
  });

  it('gives a complaint marked complex the longer period to be resolved', () => {
    const complex = (day: string) => complaintAge({ receivedAt, state: 'in_progress', complex: true }, at(day), rules);
    expect(complex('2027-03-09')).toMatchObject({ resolveBy: '2027-04-15', overdue: false });
    expect(complex('2027-04-15').overdue).toBe(false);
    expect(complex('2027-04-16').overdue).toBe(true);
  });

  it('orders overdue complaints first, then the older', () => {
    const of = (id: string, day: string, overdue: boolean) => ({
      id,
      receivedAt: at(day),
      age: { days: 0, acknowledgeBy: day, resolveBy: day, overdue },
    });
    const list = [of('a', '2027-03-01', false), of('b', '2027-03-05', true), of('c', '2027-03-02', true)];
    expect(list.sort(complaintOrder).map((c) => c.id)).toEqual(['c', 'b', 'a']);
  });
});
