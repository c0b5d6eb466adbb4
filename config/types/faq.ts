/* Generated from config/schema/faq.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * The help screen's questions (the spec's FAQData), grouped. Texts are i18n keys of the help namespace: groups.<group> for a group's title, faq.<question>.q and faq.<question>.a for a question and its answer.
 */
export interface FaqConfig {
  $schema?: string;
  /**
   * @minItems 1
   */
  groups: [
    {
      /**
       * The group: its title is groups.<id> in locales/<lng>/help.json.
       */
      id: string;
      /**
       * Question ids, in order: faq.<id>.q and faq.<id>.a in locales/<lng>/help.json.
       *
       * @minItems 1
       */
      questions: [string, ...string[]];
    },
    ...{
      /**
       * The group: its title is groups.<id> in locales/<lng>/help.json.
       */
      id: string;
      /**
       * Question ids, in order: faq.<id>.q and faq.<id>.a in locales/<lng>/help.json.
       *
       * @minItems 1
       */
      questions: [string, ...string[]];
    }[]
  ];
}
