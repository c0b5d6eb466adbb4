/**
 * The signed-in staff member as the console holds it: a sign-in's `staff` or GET /staff/auth/me's answer
 * (api-contract/staff.ts). Every other answer's type is the contract's (api-contract/staff*.ts).
 */
import type { StaffLoginAnswer, StaffMeAnswer } from '#api-contract/staff.ts';

export type StaffIdentity = StaffLoginAnswer['staff'] & {
  /** From GET /staff/auth/me (a sign-in's answer has none). */
  readonly idleMinutes?: StaffMeAnswer['idleMinutes'];
  readonly simulatedProviders?: StaffMeAnswer['simulatedProviders'];
};
