/**
 * A stored document's reference, `doc:<uuid>`: what a form's photo field, a signature or a feedback screenshot holds
 * instead of an image (POST /documents answers it). One pattern for the server and the app.
 */
export const DOCUMENT_REF = /^doc:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/u;

/** The document's id in a `doc:<uuid>` reference, or undefined when the text is not one. */
export const documentIdOf = (text: string): string | undefined => DOCUMENT_REF.exec(text)?.[1];
