/**
 * A made-up number for each identity document of domain/ph-ids.ts, written the way it is printed: the ID number's
 * placeholder shows the chosen document's (src/forms/step-ui.ts). Apart from the documents' rules so that the browser,
 * which needs only these, does not download the table the server and the validators check numbers with; each passes
 * its document's validation (domain/ph-ids.test.ts).
 */
export const ID_EXAMPLES = {
  philSys: '1234-5678-9012-3456',
  umid: 'CRN-0111-1234567-8',
  driversLicense: 'A12-34-567890',
  passport: 'P1234567A',
  prc: '0123456',
  sss: '34-1234567-8',
  philHealth: '12-345678901-2',
  pagIbig: '1234-5678-9012',
  tin: '123-456-789-000',
  postalId: 'PRN 1000 1234 5678 P',
  votersId: '7503-0089A-F1234JDC20000',
  aadhaar: '2345 6789 0123',
  pan: 'ABCPE1234F',
} as const;

/** The example of document `documentId`, or undefined for an unknown document. */
export function idExample(documentId: unknown): string | undefined {
  return typeof documentId === 'string' && Object.hasOwn(ID_EXAMPLES, documentId)
    ? ID_EXAMPLES[documentId as keyof typeof ID_EXAMPLES]
    : undefined;
}
