/**
 * Refine's access control from the permissions the server gave the staff member (domain/staff-roles.ts): menu items
 * and buttons a role cannot use are hidden. Only a convenience: the server checks every request anyway.
 */
import type { AccessControlProvider } from '@refinedev/core';
import type { StaffPermission } from '#domain/staff-roles.ts';
import { currentStaff } from './identity.ts';

/** `<resource>:<action>` -> the permissions any one of which allows it. */
const RULES: Readonly<Record<string, readonly StaffPermission[]>> = {
  'reviews:list': ['reviews.read'],
  'reviews:show': ['reviews.read'],
  'reviews:decide': ['reviews.decide'],
  'customers:list': ['customers.read'],
  'customers:show': ['customers.read'],
  'customers:unmask': ['customers.unmask'],
  'notes:create': ['notes.write'],
  'feedback:list': ['feedback.reply'],
  'feedback:reply': ['feedback.reply'],
  'coupon-grants:create': ['coupons.grant'],
  'deletion-requests:create': ['deletion.request'],
  'approvals:list': ['coupons.approve', 'deletion.approve'],
  'coupon-grants:approve': ['coupons.approve'],
  'deletion-requests:approve': ['deletion.approve'],
  'refunds:list': ['customers.read'],
  'refunds:retry': ['refunds.retry'],
  'audit:list': ['audit.read'],
  'accounts:list': ['staff.manage'],
  'accounts:create': ['staff.manage'],
  'accounts:edit': ['staff.manage'],
  'account-requests:list': ['staff.manage'],
  'account-requests:approve': ['staff.manage'],
  'forms:list': ['forms.read'],
  'forms:show': ['forms.read'],
  'forms:edit': ['forms.edit'],
  'forms:approve': ['forms.approve'],
  'collections:list': ['collections.work'],
  'collections:show': ['collections.work'],
  'collections:assign': ['collections.supervise'],
  'collection-templates:list': ['collections.work'],
  'collection-templates:create': ['collections.work'],
  'collection-templates:approve': ['collections.supervise'],
  'disputes:list': ['collections.supervise'],
  'book:list': ['book.read'],
  'collection-complaints:list': ['complaints.read'],
  'collection-complaints:resolve': ['feedback.reply'],
};

/** Whether permissions allow an action on a resource; unknown pairs are refused (fail closed, like the server). */
export function allows(permissions: readonly string[], resource: string | undefined, action: string): boolean {
  const needed = RULES[`${resource ?? ''}:${action}`];
  return needed !== undefined && needed.some((p) => permissions.includes(p));
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => ({ can: allows(currentStaff()?.permissions ?? [], resource, action) }),
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
