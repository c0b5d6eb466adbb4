/**
 * What the staff screens read of the staff API's answers: the server's types (api-schema/staff*.ts, types only) where
 * the API has them, else the screens' own view of the contract in /api/v1/staff.
 */
import type { DeletionRequestList } from '#api-schema/staff-deletion.ts';
import type { grantCaps } from '#api-schema/staff-ops.ts';
import type {
  AccountRequestAnswer,
  AuditListAnswer,
  CreateStaffAccountAnswer,
  StaffAccountAnswer,
  StaffMeAnswer,
  TotpEnrolment,
} from '#api-schema/staff.ts';
import type { StaffPermission } from '#domain/staff-roles.ts';

export type StaffIdentity = Omit<StaffMeAnswer, 'permissions' | 'idleMinutes' | 'simulatedProviders'> & {
  readonly permissions: readonly StaffPermission[];
  readonly idleMinutes?: number;
  /** From GET /staff/auth/me (a sign-in's answer has none). */
  readonly simulatedProviders?: StaffMeAnswer['simulatedProviders'];
};

export interface LoginAnswer {
  readonly token: string;
  readonly expiresAt: string;
  readonly staff: StaffIdentity;
}

export interface StaffOptions {
  readonly rejectReasons: readonly string[];
  readonly deletionVerifications: readonly string[];
  readonly couponDefinitions: readonly { id: string; type: string; amountCentavos: number; needsApproval: boolean }[];
  /** What staff may grant without a supervisor in a rolling period (config/staff.json couponGrant.caps). */
  readonly couponGrantCaps: { perCustomer: GrantCap; perAgent: GrantCap };
  readonly limitRange: { minCentavos: number; maxCentavos: number };
  readonly rejectReapplyDays: number;
}

export interface GrantCap {
  readonly periodDays: number;
  readonly maxGrants: number;
  readonly maxCentavos: number;
}

/** A rule a coupon grant went over, so it waits for a supervisor (api-schema/staff-ops.ts grantWaitsFor). */
export interface GrantWait {
  readonly cap: (typeof grantCaps)[number];
  /** Centavos for `amount` and the `*Centavos` caps, a number of grants for the `*Grants` caps. */
  readonly limit: number;
  /** The cap's rolling period; null for `amount`. */
  readonly periodDays: number | null;
}

export type StaffAccount = StaffAccountAnswer;

export type CreatedStaffAccount = CreateStaffAccountAnswer;

export type AccountRequest = AccountRequestAnswer;

export type TotpSetup = TotpEnrolment;

export type AuditEntry = AuditListAnswer['items'][number];

export interface ReviewItem {
  readonly orderId: string;
  readonly orderNo: string;
  readonly customerId: string;
  readonly customerName: string;
  readonly principalCentavos: number;
  readonly termDays: number;
  readonly reason: string | null;
  readonly appliedAt: string;
  readonly waitingSeconds: number;
}

export interface ProfileStep {
  readonly step: string;
  readonly updatedAt?: string;
  readonly fields: readonly { key: string; value: unknown }[];
}

export interface DocumentItem {
  readonly id: string;
  readonly kind: string;
  readonly contentType: string;
  readonly createdAt: string;
}

export interface NoteItem {
  readonly id: string;
  readonly text: string;
  readonly staffName: string;
  readonly createdAt: string;
}

/** A decided order's decision (server/staff/reviews.ts decisionView). */
export interface DecisionView {
  readonly by: 'system' | { staffId: string };
  readonly staffName: string | null;
  readonly decision: string;
  readonly limit: number | null;
  readonly reason: string | null;
  readonly reapplyAfter: string | null;
  readonly note: string | null;
  readonly at: string | null;
}

export interface ReviewDetail {
  readonly order: {
    id: string;
    orderNo: string;
    state: string;
    principalCentavos: number;
    termDays: number;
    appliedAt: string;
    reason: string | null;
    facts: Record<string, string | number | null> | null;
    decision: DecisionView | null;
  };
  readonly customer: { id: string; phoneMasked: string; nameMasked: string | null };
  readonly profile: readonly ProfileStep[];
  readonly documents: readonly DocumentItem[];
  readonly history: readonly {
    orderNo: string;
    state: string;
    principalCentavos: number;
    loanDate: string | null;
    dueDate: string | null;
    overdueDays: number;
    amountRepaidCentavos: number;
  }[];
  readonly notes: readonly NoteItem[];
}

export interface CustomerItem {
  readonly id: string;
  readonly phoneMasked: string;
  readonly nameMasked: string | null;
  readonly createdAt: string;
  readonly erased: boolean;
  readonly openOrderState: string | null;
}

export interface OrderView {
  readonly id: string;
  readonly orderNo: string;
  readonly state: string;
  readonly principalCentavos: number;
  readonly termDays: number;
  readonly loanDate: string | null;
  readonly dueDate: string | null;
  readonly amountDueCentavos: number | null;
  readonly amountRepaidCentavos: number | null;
  readonly overdueDays: number | null;
  readonly createdAt: string;
  readonly events: readonly { kind: string; fromState: string | null; toState: string | null; at: string }[];
  readonly payments: readonly {
    id: string;
    kind: string;
    channel: string;
    amountCentavos: number;
    state: string;
    createdAt: string;
  }[];
}

export interface FeedbackItem {
  readonly id: string;
  readonly customerId?: string;
  readonly category: string;
  readonly text: string;
  readonly state: string;
  readonly reply: string | null;
  readonly createdAt: string;
  readonly repliedAt: string | null;
}

/** Who a list row is about, masked by the server. */
export interface MaskedCustomer {
  readonly nameMasked: string;
  readonly phoneMasked: string;
}

export interface CouponGrant {
  readonly id: string;
  readonly customerId?: string;
  /** In the approvals list: who the grant is for, masked. */
  readonly customer?: MaskedCustomer;
  readonly definitionId: string;
  readonly reason: string;
  readonly state: string;
  readonly requestedBy?: string;
  readonly requestedByName?: string;
  /** In the approvals list: why it waits (or waited) for a supervisor. */
  readonly waitsFor?: readonly GrantWait[];
  readonly createdAt: string;
}

/** A deletion request as the lists give it (with whom it is about, masked). */
export type DeletionRequest = DeletionRequestList['items'][number];
export type DeletionRefusalCode = NonNullable<DeletionRequest['refusalCode']>;

/** An overpayment refund as staff see it (api-schema/staff-ops.ts staffRefundView). */
export interface StaffRefund {
  readonly id: string;
  readonly orderId: string;
  readonly orderNo: string;
  readonly paymentId: string;
  readonly customerId: string;
  readonly customer: MaskedCustomer;
  readonly amountCentavos: number;
  readonly state: 'requested' | 'sent' | 'succeeded' | 'failed';
  readonly failureCode: string | null;
  readonly attempt: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly completedAt: string | null;
}

export interface CustomerDetail {
  readonly customer: { id: string; phoneMasked: string; language: string; createdAt: string; erased: boolean };
  readonly profile: readonly ProfileStep[];
  readonly documents: readonly DocumentItem[];
  readonly orders: readonly OrderView[];
  readonly coupons: readonly Record<string, unknown>[];
  readonly messages: readonly Record<string, unknown>[];
  readonly feedback: readonly FeedbackItem[];
  readonly notes: readonly NoteItem[];
  readonly couponGrants: readonly CouponGrant[];
  readonly lookedAtBy: readonly { staffName: string; at: string; action: string }[];
}
