/**
 * The identity facts a loan needs whatever the step order says (a step order without the identity step
 * could once be published, a new borrower applied without it and an underwriter approved the order). Knowing who borrows is the
 * law's, not content: applying and approving read these from the borrower's identity section, not from the flow.
 */

/** The identity step and the fields of its section a loan needs: who, born when, which ID, and the two photos. */
export const IDENTITY_STEP = 'identityInfo';
export const IDENTITY_FACTS = ['name', 'birthDate', 'idType', 'idNumber', 'idPhotoFront', 'facePhoto'] as const;

/** Whether an identity section holds every fact (a non-empty text each). */
export function hasIdentityFacts(section: Readonly<Record<string, unknown>> | undefined): boolean {
  return (
    section !== undefined &&
    IDENTITY_FACTS.every((fact) => typeof section[fact] === 'string' && (section[fact] as string).trim() !== '')
  );
}
