/** config/staff.json, typed for the services (its meta-schema is config/schema/staff.schema.json). */
import staffJson from '../../config/staff.json' with { type: 'json' };

export interface StaffConfig {
  readonly rejectReasons: readonly string[];
  readonly deletionVerifications: readonly string[];
  readonly couponGrant: { readonly definitions: readonly string[]; readonly approvalAboveCentavos: number };
}

export const staffConfig: StaffConfig = staffJson;
