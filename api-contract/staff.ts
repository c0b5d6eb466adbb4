/**
 * The staff console's sign-in, staff accounts and audit log (server/routes/staff/auth.ts, accounts.ts, audit.ts).
 * Staff tokens are apart from borrowers' (server/plugins/staff-auth.ts). Roles and permissions: domain/staff-roles.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '#domain/staff-roles.ts';
import { instant, uuid } from './common.ts';

/** The roles (domain/staff-roles.ts: the one list, which the server checks). */
export const staffRoleNames = STAFF_ROLES;

const role = { type: 'string', enum: staffRoleNames } as const;
const email = { type: 'string', minLength: 3, maxLength: 254 } as const;
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** The permissions (domain/staff-roles.ts). */
export const staffPermissionNames = STAFF_PERMISSIONS;
const permissions = {
  type: 'array',
  items: { type: 'string', enum: staffPermissionNames },
  description: 'What the role may do (domain/staff-roles.ts)',
} as const;
// Query strings stay strings (the server does not coerce types): whole numbers written as digits.
const page = { type: 'string', pattern: '^[1-9][0-9]{0,5}$', description: '1-based page number (default 1)' } as const;
const perPage = {
  type: 'string',
  pattern: '^(?:[1-9]|[1-9][0-9]|100)$',
  description: 'Items per page, 1-100 (default 20)',
} as const;

/** Paging of every staff list (page, perPage), with `pageOf` turning it into numbers. */
export const pageProperties = { page, perPage } as const;
export interface PageQuery {
  page?: string;
  perPage?: string;
}

/** The page and its size from a query (defaults 1 and 20). */
export function pageOf(query: PageQuery): { page: number; perPage: number } {
  return { page: Number(query.page ?? 1), perPage: Number(query.perPage ?? 20) };
}

/** POST /staff/auth/login body */
export const staffLoginInput = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email,
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    code: {
      type: 'string',
      maxLength: 16,
      description: 'The 6-digit code of the authenticator app; TOTP_REQUIRED when missing',
    },
  },
} as const;
export type StaffLoginInput = FromSchema<typeof staffLoginInput>;

/** What an account must do at its next sign-in before anything else (server/services/staff/sessions.ts). */
const setupSteps = {
  type: 'array',
  items: { type: 'string', enum: ['secondFactor', 'password'] },
  description:
    "What is left of the account's setup: `secondFactor` (enrol an authenticator), `password` (replace a temporary one); empty when none",
} as const;

/** The signed-in staff member. */
export const staffSelf = {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'permissions', 'pending'],
  additionalProperties: false,
  properties: {
    id: uuid,
    email: { type: 'string' },
    name: { type: 'string' },
    role,
    permissions,
    pending: {
      ...setupSteps,
      description:
        'What the session must do before anything else (every other route answers STAFF_SETUP_REQUIRED); empty for a set-up account',
    },
  },
} as const;

/** POST /staff/auth/login */
export const staffLoginAnswer = {
  type: 'object',
  description:
    'A staff session: send `token` as `Authorization: Bearer`; it ends at logout, when idle, or at `expiresAt`',
  required: ['token', 'expiresAt', 'staff'],
  additionalProperties: false,
  properties: { token: { type: 'string' }, expiresAt: instant, staff: staffSelf },
} as const;
export type StaffLoginAnswer = FromSchema<typeof staffLoginAnswer>;

/** GET /staff/auth/me */
export const staffMeAnswer = {
  type: 'object',
  description: 'Who the token belongs to, and how long the session may stay unused',
  required: ['id', 'email', 'name', 'role', 'permissions', 'pending', 'idleMinutes', 'simulatedProviders'],
  additionalProperties: false,
  properties: {
    ...staffSelf.properties,
    idleMinutes: { type: 'integer', minimum: 1 },
    /** Providers this server runs simulated: no real SMS, Facebook account, payout or payment goes through them. */
    simulatedProviders: {
      type: 'array',
      items: { type: 'string', enum: ['sms', 'facebook', 'payouts', 'collections'] },
    },
  },
} as const;
export type StaffMeAnswer = FromSchema<typeof staffMeAnswer>;

/** A staff account as administrators see it. */
export const staffAccountAnswer = {
  type: 'object',
  required: [
    'id',
    'email',
    'name',
    'role',
    'disabled',
    'awaitingApproval',
    'pendingRole',
    'setupPending',
    'lockedUntil',
    'lastLoginAt',
    'createdAt',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    email: { type: 'string' },
    name: { type: 'string' },
    role,
    disabled: { type: 'boolean' },
    awaitingApproval: {
      type: 'boolean',
      description: 'A new account another administrator has not approved yet: it cannot sign in',
    },
    pendingRole: {
      type: ['string', 'null'],
      enum: [...staffRoleNames, null],
      description: 'The role a re-role waits to give until another administrator approves; null when none',
    },
    setupPending: setupSteps,
    lockedUntil: {
      type: ['string', 'null'],
      format: 'date-time',
      description:
        'The latest sign-in lock still running on any client network (or on all of them after the account-wide limit); null when none',
    },
    lastLoginAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: instant,
  },
} as const;
export type StaffAccountAnswer = FromSchema<typeof staffAccountAnswer>;

/** GET /staff/accounts query */
export const staffAccountListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page, perPage, role, q: { type: 'string', maxLength: 100, description: 'Part of the e-mail or name' } },
} as const;
export type StaffAccountListQuery = FromSchema<typeof staffAccountListQuery>;

/** GET /staff/accounts */
export const staffAccountListAnswer = {
  type: 'object',
  description: 'One page of staff accounts, by e-mail',
  required: ['items', 'total'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', maxItems: 100, items: staffAccountAnswer },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type StaffAccountListAnswer = FromSchema<typeof staffAccountListAnswer>;

/** The authenticator app's secret: shown once, to the account's owner, while enrolling. */
export const totpEnrolment = {
  type: 'object',
  description:
    'The TOTP secret (base32) and its otpauth:// URI (a QR code of it): shown only this once, to the owner; kept once a first code confirms it',
  required: ['secret', 'uri'],
  additionalProperties: false,
  properties: { secret: { type: 'string' }, uri: { type: 'string' } },
} as const;
export type TotpEnrolment = FromSchema<typeof totpEnrolment>;

/** POST /staff/accounts body */
export const createStaffAccountInput = {
  type: 'object',
  required: ['email', 'name', 'role'],
  additionalProperties: false,
  properties: { email: { ...email, format: 'email' }, name, role },
} as const;
export type CreateStaffAccountInput = FromSchema<typeof createStaffAccountInput>;

const temporaryPassword = {
  type: 'string',
  description:
    'A one-time password, shown only in this answer: its owner signs in with it and must set their own at once',
} as const;

/** POST /staff/accounts */
export const createStaffAccountAnswer = {
  type: 'object',
  required: ['account', 'temporaryPassword', 'requestId'],
  additionalProperties: false,
  properties: {
    account: staffAccountAnswer,
    temporaryPassword,
    requestId: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The request another administrator must approve before the account can sign in; null when none',
    },
  },
} as const;
export type CreateStaffAccountAnswer = FromSchema<typeof createStaffAccountAnswer>;

/** PATCH /staff/accounts/:id body */
export const updateStaffAccountInput = {
  type: 'object',
  additionalProperties: false,
  properties: { role, disabled: { type: 'boolean' }, name },
} as const;
export type UpdateStaffAccountInput = FromSchema<typeof updateStaffAccountInput>;

/** POST /staff/accounts/:id/reset-password */
export const resetPasswordAnswer = {
  type: 'object',
  required: ['temporaryPassword'],
  additionalProperties: false,
  properties: { temporaryPassword },
} as const;
export type ResetPasswordAnswer = FromSchema<typeof resetPasswordAnswer>;

/** POST /staff/auth/password body */
export const changePasswordInput = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 1024 },
    newPassword: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      description:
        'At least 12 characters, not common, breached, repetitive, sequential or personal (PASSWORD_REFUSED says why)',
    },
  },
} as const;
export type ChangePasswordInput = FromSchema<typeof changePasswordInput>;

/** POST /staff/auth/second-factor/confirm body */
export const confirmEnrolmentInput = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 16, description: 'A 6-digit code of the new secret' },
  },
} as const;
export type ConfirmEnrolmentInput = FromSchema<typeof confirmEnrolmentInput>;

const requestState = { type: 'string', enum: ['pending', 'approved', 'refused'] } as const;
const person = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: uuid, name: { type: 'string' } },
} as const;

/** A new account or a re-role waiting for (or decided by) a second administrator. */
export const accountRequestAnswer = {
  type: 'object',
  required: [
    'id',
    'kind',
    'accountId',
    'email',
    'name',
    'role',
    'previousRole',
    'state',
    'requestedBy',
    'decidedBy',
    'decidedAt',
    'createdAt',
  ],
  additionalProperties: false,
  properties: {
    id: uuid,
    kind: { type: 'string', enum: ['create', 'role'], description: 'A new account, or a re-role of one' },
    accountId: { type: ['string', 'null'], format: 'uuid', description: 'Null once a refused new account is deleted' },
    email: { type: 'string' },
    name: { type: ['string', 'null'] },
    role,
    previousRole: { type: ['string', 'null'], enum: [...staffRoleNames, null] },
    state: requestState,
    requestedBy: person,
    decidedBy: { anyOf: [person, { type: 'null' }] },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: instant,
  },
} as const;
export type AccountRequestAnswer = FromSchema<typeof accountRequestAnswer>;

/** GET /staff/account-requests query */
export const accountRequestListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page, perPage, state: requestState },
} as const;
export type AccountRequestListQuery = FromSchema<typeof accountRequestListQuery>;

/** GET /staff/account-requests */
export const accountRequestListAnswer = {
  type: 'object',
  description: 'One page of account requests, newest first',
  required: ['items', 'total'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', maxItems: 100, items: accountRequestAnswer },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type AccountRequestListAnswer = FromSchema<typeof accountRequestListAnswer>;

/** POST /staff/account-requests/:id/decision body */
export const accountRequestDecisionInput = {
  type: 'object',
  required: ['approve'],
  additionalProperties: false,
  properties: { approve: { type: 'boolean' } },
} as const;
export type AccountRequestDecisionInput = FromSchema<typeof accountRequestDecisionInput>;

/** POST /staff/account-requests/:id/decision */
export const accountRequestDecisionAnswer = {
  type: 'object',
  required: ['state'],
  additionalProperties: false,
  properties: { state: requestState },
} as const;

/** :id of a staff account */
export const staffAccountParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuid },
} as const;

/** GET /staff/audit query */
export const auditListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page,
    perPage,
    staffId: uuid,
    customerId: uuid,
    action: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Events that start with this (e.g. `staff.customer`, `login.`)',
    },
    from: { ...instant, description: 'At or after' },
    to: { ...instant, description: 'Before' },
  },
} as const;
export type AuditListQuery = FromSchema<typeof auditListQuery>;

/**
 * POST /staff/audit/search body: the customer searches that looked for a value. The value travels in the body (never
 * in a URL) and is hashed by the server as a search hashes its query.
 */
export const auditSearchInput = {
  type: 'object',
  required: ['by', 'value'],
  additionalProperties: false,
  properties: {
    by: { type: 'string', enum: ['phone', 'name', 'order', 'idNumber'], description: 'What the search was by' },
    value: { type: 'string', minLength: 1, maxLength: 200, description: 'The value looked for, written any way' },
    page,
    perPage,
  },
} as const;
export type AuditSearchInput = FromSchema<typeof auditSearchInput>;

/** One audit log entry: a staff member's action or look, or a borrower's security event (staffId null). */
export const auditEntryAnswer = {
  type: 'object',
  required: ['id', 'at', 'event', 'staffId', 'staffEmail', 'customerId', 'ip', 'detail'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    at: instant,
    event: { type: 'string' },
    staffId: { type: ['string', 'null'], format: 'uuid' },
    staffEmail: { type: ['string', 'null'] },
    customerId: { type: ['string', 'null'], format: 'uuid' },
    ip: { type: ['string', 'null'] },
    detail: { type: ['object', 'null'], additionalProperties: true, description: 'Non-personal details of the event' },
  },
} as const;

/** GET /staff/audit */
export const auditListAnswer = {
  type: 'object',
  description: 'One page of the audit log, newest first',
  required: ['items', 'total'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', maxItems: 100, items: auditEntryAnswer },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type AuditListAnswer = FromSchema<typeof auditListAnswer>;
export type AuditEntry = AuditListAnswer['items'][number];
