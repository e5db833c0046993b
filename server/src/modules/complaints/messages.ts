import type { ComplaintStatus } from '@portal/contract';
import { formatTrackingCode } from '../../lib/tracking-code.js';

// WhatsApp texts: short, in Bahasa Indonesia, always with the tracking code.

export const complaintStatusWord: Record<ComplaintStatus, string> = {
  RECEIVED: 'Diterima',
  IN_PROGRESS: 'Sedang ditangani',
  RESOLVED: 'Selesai',
};

const EXCERPT = 300;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** To the customer-service officer. */
export function newComplaintMessage(complaint: {
  code: string;
  categoryName: string;
  unit: string | null;
  name: string | null;
  phone: string;
  message: string;
}): string {
  const unit = complaint.unit ? `, unit ${complaint.unit}` : '';
  const from = complaint.name ? `${complaint.name} (${complaint.phone})` : complaint.phone;
  return (
    `Pengaduan baru ${formatTrackingCode(complaint.code)} (${complaint.categoryName}${unit}) dari ${from}: ` +
    excerpt(complaint.message)
  );
}

/** To the complainant: the hospital's answer, and the new status when it moved. */
export function answerMessage(code: string, answer: string, movedTo: ComplaintStatus | null): string {
  const status = movedTo ? ` (status: ${complaintStatusWord[movedTo]})` : '';
  return `Jawaban rumah sakit atas pengaduan ${formatTrackingCode(code)}${status}: ${answer}`;
}

/** To the complainant. */
export function complaintStatusMessage(code: string, status: ComplaintStatus): string {
  return `Pengaduan ${formatTrackingCode(code)} kini berstatus "${complaintStatusWord[status]}".`;
}
