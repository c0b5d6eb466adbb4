/**
 * Staff roles and what each may do. The server checks a route's permission on every staff request
 * (server/routes/staff/group.ts); the console only hides what the server would refuse. Four-eyes rules (a supervisor
 * approving another person's request, never their own) are checked by the services on top of these permissions.
 */
export const STAFF_ROLES = [
  'customerService',
  'underwriter',
  'supervisor',
  'administrator',
  'productStaff',
  'collector',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Find customers, open a customer's view (masked), their documents. */
  'customers.read',
  /** Show a masked personal value in the clear (audited). */
  'customers.unmask',
  'notes.write',
  'feedback.reply',
  /** Grant a coupon with a reason (above the configured amount it waits for a supervisor). */
  'coupons.grant',
  /** Approve or refuse another person's coupon grant. */
  'coupons.approve',
  /** Open an account deletion request. */
  'deletion.request',
  /** Approve or refuse another person's deletion request (which then executes). */
  'deletion.approve',
  /** The review queue and one review's application. */
  'reviews.read',
  /** Approve or reject a review. */
  'reviews.decide',
  /** Read and filter the audit log. */
  'audit.read',
  /** Add, disable and re-role staff accounts. */
  'staff.manage',
  /** The form studio: read forms, flow and themes with their versions. */
  'forms.read',
  /** Edit drafts, save personas, submit for review, roll back. */
  'forms.edit',
  /** Approve or send back another person's version (never their own), which then goes live. */
  'forms.approve',
  /** Send a failed overpayment refund again, after the borrower fixed their payout account. */
  'refunds.retry',
  /**
   * Collections (docs/collections.md): the queue, a loan's collection view, contacts, promises and approved messages.
   * A collector works the loans assigned to them; a member who may also supervise works every loan.
   */
  'collections.work',
  /** Every loan of the queue, assignment, approving another person's message template, resolving disputes. */
  'collections.supervise',
  /**
   * The list of borrowers' complaints about collection with their age (RA 11765): customer service works them
   * (`feedback.reply`), supervisors oversee them.
   */
  'complaints.read',
  /** The book at a glance (docs/book.md): the dashboard of flows, portfolio at risk, collections and the onboarding funnel. */
  'book.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  customerService: [
    'customers.read',
    'customers.unmask',
    'notes.write',
    'feedback.reply',
    'complaints.read',
    'coupons.grant',
    'deletion.request',
    'refunds.retry',
  ],
  underwriter: ['reviews.read', 'reviews.decide', 'customers.read', 'customers.unmask', 'notes.write'],
  supervisor: [
    'customers.read',
    'customers.unmask',
    'notes.write',
    'coupons.approve',
    'deletion.approve',
    'reviews.read',
    'audit.read',
    'refunds.retry',
    'collections.work',
    'collections.supervise',
    'complaints.read',
    'book.read',
  ],
  administrator: ['staff.manage', 'audit.read', 'book.read'],
  productStaff: ['forms.read', 'forms.edit', 'forms.approve'],
  collector: ['collections.work'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What a role may do. */
export function permissionsOf(role: StaffRole): readonly StaffPermission[] {
  return ROLE_PERMISSIONS[role];
}

export function can(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The permissions that make a person the second pair of eyes of another's request. */
const APPROVING_PERMISSIONS: readonly StaffPermission[] = [
  'coupons.approve',
  'deletion.approve',
  'forms.approve',
  'staff.manage',
  'collections.supervise',
];

/**
 * Whether a role approves other people's requests (administrator, supervisor, productStaff): once two administrators
 * exist, giving it to an account waits for a second administrator (server/services/staff/account-requests.ts), so that one
 * person cannot make the second person of an approval.
 */
export function isApprovingRole(role: StaffRole): boolean {
  return ROLE_PERMISSIONS[role].some((permission) => APPROVING_PERMISSIONS.includes(permission));
}
