/** config/staff.json, typed by its generated type (its meta-schema is config/schema/staff.schema.json): the one reader. */
import staffJson from '#config/staff.json' with { type: 'json' };
import type { StaffConfigFile } from '#config/types/staff.ts';

export const staffConfig = staffJson as StaffConfigFile;
