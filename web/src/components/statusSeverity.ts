import type { ComplaintStatus, OrderStatus } from '@portal/contract/constants';

// The colour of a status tag, the same on the public status page and on the staff desk.

export const orderStatusSeverity: Record<OrderStatus, 'info' | 'success' | 'warning' | 'danger' | null> = {
  NEW: 'info',
  CONFIRMED: null,
  ON_THE_WAY: 'warning',
  DONE: 'success',
  CANCELLED: 'danger',
};

export const complaintStatusSeverity: Record<ComplaintStatus, 'info' | 'warning' | 'success'> = {
  RECEIVED: 'info',
  IN_PROGRESS: 'warning',
  RESOLVED: 'success',
};
