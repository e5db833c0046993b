import type { OrderKind, OrderStatus } from '@portal/contract';
import { formatLocalDateTime } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';

// WhatsApp texts: short, in Bahasa Indonesia, always with the tracking code.

const kindWord: Record<OrderKind, string> = { ambulance: 'ambulans', hearse: 'mobil jenazah' };

interface OrderFacts {
  code: string;
  kind: OrderKind;
  requesterName: string;
  phone: string;
  patientName: string;
  pickupAddress: string;
  destination: string;
  scheduledAt: Date;
  notes: string | null;
}

/** To the on-duty officer. */
export function newOrderMessage(order: OrderFacts): string {
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
  order: { code: string; kind: OrderKind; vehicle: string | null; driver: string | null },
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
export function assignmentMessage(order: { code: string; kind: OrderKind }, vehicle: string, driver: string) {
  return `Pesanan ${kindWord[order.kind]} ${formatTrackingCode(order.code)}: kendaraan ${vehicle}, pengemudi ${driver}.`;
}
