/** Links that open a contact channel on the phone: e-mail, phone call, WhatsApp chat. */

/** A pre-filled e-mail: translated subject and optional body. */
export interface MailDraft {
  subject: string;
  body?: string;
}

/** `mailto:` link, with subject and body encoded as RFC 6068 asks (spaces as %20). */
export function mailtoHref(address: string, draft?: MailDraft): string {
  const query = [
    draft?.subject ? `subject=${encodeURIComponent(draft.subject)}` : '',
    draft?.body ? `body=${encodeURIComponent(draft.body)}` : '',
  ].filter(Boolean);
  return `mailto:${address}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** `tel:` link: the number with its leading + and digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** WhatsApp click-to-chat link: wa.me takes the international number as digits only (a local 09… becomes 639…). */
export function whatsappHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits.startsWith('0') ? `63${digits.slice(1)}` : digits}`;
}
