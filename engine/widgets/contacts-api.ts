/** The Contact Picker API, apart from the (lazily loaded) contact widget so that a form can ask for it cheaply. */

/** The part of the Contact Picker API (W3C draft; Chrome on Android, Safari behind a setting) this widget uses. */
export interface ContactsManager {
  select(properties: ['name', 'tel'], options: { multiple: false }): Promise<{ name?: string[]; tel?: string[] }[]>;
}

/** The Contact Picker API when the browser has it, else undefined. */
export function contactsManager(): ContactsManager | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const contacts = (navigator as Navigator & { contacts?: Partial<ContactsManager> }).contacts;
  return typeof contacts?.select === 'function' ? (contacts as ContactsManager) : undefined;
}
