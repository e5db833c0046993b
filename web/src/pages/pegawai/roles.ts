import type { StaffRole } from '@portal/contract/constants';

/** The order in which roles are offered and listed: the duty posts first, admin last. */
export const roleOrder: readonly StaffRole[] = [
  'piket',
  'cs',
  'registration',
  'ward',
  'records',
  'theatre',
  'orders',
  'complaints',
  'admin',
];
