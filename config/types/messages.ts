/* Generated from config/schema/messages.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * The message center's Activity tab: announcements and promotions for every borrower, upserted into the announcements table at server start (staff will publish them from the console later). Texts are i18n keys activity.<template>.title / .body in locales/<lng>/messages.json; numbers are params, never typed into a translation.
 */
export interface MessagesConfigFile {
  $schema?: string;
  announcements: Announcement[];
}
export interface Announcement {
  /**
   * Stable id: borrowers' read marks refer to it.
   */
  id: string;
  /**
   * Key under activity. in the messages catalogs; default: the id.
   */
  template?: string;
  /**
   * Values the texts interpolate: amounts as integer centavos (names ending in Centavos), Manila days YYYY-MM-DD, numbers.
   */
  params?: {
    [k: string]: string | number;
  };
  /**
   * In-app route the message opens (a path of config/routes.json).
   */
  link?: string;
  /**
   * Shown from this instant.
   */
  publishedAt: string;
  /**
   * Shown until this instant (none: no end).
   */
  endsAt?: string;
}
