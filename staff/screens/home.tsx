/** /staff: the first screen the staff member's role may use. */
import { useGetIdentity } from '@refinedev/core';
import { Navigate } from 'react-router-dom';
import { allows } from '../providers/access-control.ts';
import type { StaffIdentity } from '../types.ts';

import { RESOURCES } from '../resources.ts';

export function HomeRedirect() {
  const { data: staff, isLoading } = useGetIdentity<StaffIdentity>();
  if (isLoading || !staff) return null;
  const first = RESOURCES.find((r) => allows(staff.permissions, r.name, 'list'))?.name;
  return first ? <Navigate to={`/${first}`} replace /> : null;
}
