import type { OrderKind, OrderStatus } from '@portal/contract';
import type { orders } from '../../db/schema/index.js';
import { formatLocalDateTime } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';

// WhatsApp texts: short, in Bahasa Indonesia, always with the tracking code.

export const kindWord: Record<OrderKind, string> = { ambulance: 'ambulans', hearse: 'mobil jenazah' };

type Order = typeof orders.$inferSelect;

/** To the on-duty officer. */
export function newOrderMessage(order: Order): string {
  const who = order.kind === 'ambulance' ? `pasien ${order.patientName}` : `jenazah ${order.patientName}`;
  const notes = order.notes ? ` Catatan: ${order.notes}` : '';
  return (
    `Pesanan ${kindWord[order.kind]} baru ${formatTrackingCode(order.code)}: ${order.requesterName} ` +
    `(${order.phone}), ${who}, jemput di ${order.pickupAddress} pada ${formatLocalDateTime(order.scheduledAt)}, ` +
    `tujuan ${order.destination}.${notes}`
  );
}

/** To the requester. */
export function statusMessage(
  order: Pick<Order, 'code' | 'kind' | 'vehicle' | 'driver'>,
  status: Exclude<OrderStatus, 'NEW'>,
  note: string | null,
): string {
  const subject = `Pesanan ${kindWord[order.kind]} ${formatTrackingCode(order.code)}`;
  const remark = note ? ` Catatan: ${note}` : '';
  switch (status) {
    case 'CONFIRMED':
      return `${subject} telah dikonfirmasi rumah sakit.${remark}`;
    case 'ON_THE_WAY': {
      const vehicle = order.vehicle ? ` (${order.vehicle}, pengemudi ${order.driver})` : '';
      return `${subject}: kendaraan${vehicle} sedang dalam perjalanan.${remark}`;
    }
    case 'DONE':
      return `${subject} telah selesai. Terima kasih.${remark}`;
    case 'CANCELLED':
      return `${subject} dibatalkan. Alasan: ${note ?? '-'}`;
  }
}

/** To the requester, when the desk names the vehicle and driver. */
export function assignmentMessage(order: Pick<Order, 'code' | 'kind'>, vehicle: string, driver: string) {
  return `Pesanan ${kindWord[order.kind]} ${formatTrackingCode(order.code)}: kendaraan ${vehicle}, pengemudi ${driver}.`;
}
