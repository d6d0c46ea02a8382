import type { StaffMember, StaffRole } from '@storefront/contract';
import type { StaffRow } from '../../db/repositories/staff';

export function toStaffMember(s: StaffRow): StaffMember {
  return { id: s.id, email: s.email, name: s.name, role: s.role as StaffRole, disabled: s.disabled_at !== null, created_at: s.created_at };
}
