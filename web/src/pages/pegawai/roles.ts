import { type StaffRole, staffRoles } from '@portal/contract/constants';

/** The order in which roles are offered and listed: the contract's, which puts the duty posts first, but admin last. */
export const roleOrder: readonly StaffRole[] = [...staffRoles.filter((role) => role !== 'admin'), 'admin'];
