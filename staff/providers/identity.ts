/** The logged-in staff member as GET /auth/me last answered, shared by the auth and access-control providers. */
import type { StaffIdentity } from '../types.ts';

let current: StaffIdentity | undefined;

export const currentStaff = (): StaffIdentity | undefined => current;
export function setCurrentStaff(staff: StaffIdentity | undefined): void {
  current = staff;
}
