/* Generated from config/schema/collections.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * A time of day in Manila, HH:MM (24 hours).
 */
export type ClockTime = string;
/**
 * Words or phrases, lower case.
 *
 * @minItems 1
 */
export type Phrases = [string, ...string[]];

/**
 * Collections (docs/collections.md; domain/collections.ts): the delinquency buckets of an overdue loan, and the rules of SEC MC 18 s.2019 the system enforces on every collection contact: the hours, the exemption after a number of days past due, the contacts a day per borrower, how far ahead a promise to pay may be dated, and the wording no message template may hold. Texts are i18n keys derived from the ids (locales/<lng>/staff.json collections).
 */
export interface CollectionsConfigFile {
  $schema?: string;
  /**
   * Delinquency buckets by days past due (of the oldest period still owing), in order, without gaps: the first starts at 1 day, each starts the day after the one before ends, the last has no end (toDays null).
   *
   * @minItems 1
   */
  buckets: [DelinquencyBucket, ...DelinquencyBucket[]];
  /**
   * When a collection contact may be made or recorded, Manila time, from `from` up to (not including) `to`. SEC MC 18 s.2019 allows 06:00 to 22:00; stricter hours are allowed, wider ones are refused by the server at start.
   */
  contactHours: {
    from: ClockTime;
    to: ClockTime;
  };
  /**
   * A loan more than this many days past due may be contacted outside the hours (MC 18: 15).
   */
  hoursExemptAfterDaysPastDue: number;
  /**
   * Collection contacts a borrower may get in a Manila day, all channels and all their loans together.
   */
  maxContactsPerDay: number;
  /**
   * How many days ahead of today a promise to pay may be dated.
   */
  promiseMaxDays: number;
  complaints: ComplaintDeadlines;
  /**
   * What MC 18 forbids a collector to say, by category, as words and phrases in English and Filipino. Matched case-insensitively on whole words, accents ignored, any spacing between the words of a phrase; a `*` at the start or end of a word matches any letters there (`arrest*`: arrest, arrested; `*kulong*`: makukulong, ikulong). Every list is checked against every language of a template (Taglish is common).
   *
   * @minItems 1
   */
  forbiddenWording: [ForbiddenWording, ...ForbiddenWording[]];
}
export interface DelinquencyBucket {
  /**
   * The bucket's code (its name is locales/<lng>/staff.json collections.buckets.<id>).
   */
  id: string;
  /**
   * First day past due in the bucket.
   */
  fromDays: number;
  /**
   * Last day past due in the bucket; null: no end (the last bucket).
   */
  toDays: number | null;
}
/**
 * How long customer service has for a borrower's complaint about collection (RA 11765; docs/collections.md, Complaints), in Manila calendar days from the day it was received. A complaint not acknowledged, or not resolved, past its day is overdue: flagged and listed first.
 */
export interface ComplaintDeadlines {
  /**
   * Days to acknowledge it (take it in hand): BSP Circular 1160's 2 days for a complaint.
   */
  acknowledgeDays: number;
  /**
   * Days to resolve it with an answer to the borrower: BSP Circular 1160's 7 days for a simple complaint.
   */
  resolveDays: number;
  /**
   * Days to resolve a complaint customer service marked complex when acknowledging it (it needs an investigation, another party or documents): BSP Circular 1160's 45 days.
   */
  complexResolveDays: number;
}
export interface ForbiddenWording {
  /**
   * What the words threaten or do (locales/<lng>/staff.json collections.wording.<category>).
   */
  category:
    | 'arrest'
    | 'jail'
    | 'estafa'
    | 'barangay'
    | 'police'
    | 'publishName'
    | 'contactFamily'
    | 'contactEmployer'
    | 'insult';
  en: Phrases;
  fil: Phrases;
}
