import {
  type MessageKind,
  type MessageTemplate,
  messageKinds,
  templatePlaceholders,
  unknownPlaceholders,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { messageTemplates } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { zoneLabel } from '../../lib/dates.js';

// The WhatsApp texts to patients: built in here, in Bahasa Indonesia, and changeable by admins (a row of
// `message_templates` replaces the built-in text of its kind; removing the row brings it back).

/** Where the messages' links point (a ticket, a queue's status, a survey): PUBLIC_URL, as patients reach it. */
export interface PublicLinks {
  publicUrl: string;
}

export const defaultTemplates: Record<MessageKind, string> = {
  booking_confirmation:
    'Pendaftaran rawat jalan berhasil.\n' +
    'KODE BOOKING: *{kode_booking}*\n' +
    'No. antrean {nomor_antrean}, {poli} ({dokter}), {tanggal} pukul {jam_praktik}, perkiraan dilayani {estimasi}.\n' +
    'Tunjukkan kode booking atau kode QR di loket atau anjungan. Kode QR: {tautan_qr}\n' +
    'Status antrean: {tautan_status}',
  booking_reminder:
    'Pengingat kunjungan: {poli} ({dokter}) pada {tanggal} pukul {jam_praktik}, no. antrean {nomor_antrean}, ' +
    'perkiraan dilayani {estimasi}.\nKODE BOOKING: *{kode_booking}*\nStatus antrean: {tautan_status}',
  queue_near:
    'Antrean Anda ({nomor_antrean}, {poli}) hampir tiba: {jumlah_di_depan} pasien lagi di depan Anda. ' +
    'Mohon bersiap di depan ruang poli. Status antrean: {tautan_status}',
  session_cancelled:
    'Mohon maaf, jadwal {poli} ({dokter}) pada {tanggal} dibatalkan: {alasan}. Pendaftaran Anda ' +
    '{kode_booking} (no. antrean {nomor_antrean}) ikut dibatalkan. Silakan daftar ulang di {tautan_daftar}',
  survey_invitation:
    'Terima kasih telah menggunakan {layanan} RS kami. Mohon luangkan 2 menit untuk mengisi Survei Kepuasan ' +
    'Masyarakat (9 pertanyaan, tanpa nama): {tautan_survei}',
};

/** A booking's facts as the templates name them. */
export type TemplateValues = Record<string, string>;

/** Fills the `{placeholders}` of a text; one the values lack stays as it is. */
export function render(body: string, values: TemplateValues): string {
  return body.replace(/\{([^{}\s]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The texts in force, one per kind (read in the caller's transaction, so a booking uses one text). */
export async function templateBodies(db: Database | Transaction): Promise<Record<MessageKind, string>> {
  const rows = await db
    .select({ kind: messageTemplates.kind, body: messageTemplates.body })
    .from(messageTemplates);
  const bodies = { ...defaultTemplates };
  for (const row of rows) if (isKind(row.kind)) bodies[row.kind] = row.body;
  return bodies;
}

/** The text in force for one kind. */
export async function templateBody(db: Database | Transaction, kind: MessageKind): Promise<string> {
  const [row] = await db
    .select({ body: messageTemplates.body })
    .from(messageTemplates)
    .where(eq(messageTemplates.kind, kind));
  return row?.body ?? defaultTemplates[kind];
}

const isKind = (kind: string): kind is MessageKind => (messageKinds as readonly string[]).includes(kind);

export async function listTemplates(db: Database): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates);
  return messageKinds.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      body: row?.body ?? defaultTemplates[kind],
      placeholders: [...templatePlaceholders[kind]],
      custom: row !== undefined,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

function checkPlaceholders(kind: MessageKind, body: string): void {
  const unknown = unknownPlaceholders(kind, body);
  if (unknown.length === 0) return;
  const message = `Isian tidak dikenal: ${unknown.map((name) => `{${name}}`).join(', ')}. Gunakan: ${templatePlaceholders[kind].map((name) => `{${name}}`).join(', ')}.`;
  throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { body: message } });
}

export async function saveTemplate(
  db: Database,
  actor: Actor,
  kind: MessageKind,
  body: string,
): Promise<MessageTemplate> {
  checkPlaceholders(kind, body);
  await db.transaction(async (tx) => {
    const values = { kind, body, updatedAt: new Date(), updatedBy: actor.staffId };
    await tx
      .insert(messageTemplates)
      .values(values)
      .onConflictDoUpdate({ target: messageTemplates.kind, set: values });
    await audit(tx, actor, 'message_template.update', { type: 'message_template', id: kind }, { body });
  });
  return templateOf(db, kind);
}

/** Back to the built-in text. */
export async function resetTemplate(db: Database, actor: Actor, kind: MessageKind): Promise<MessageTemplate> {
  await db.transaction(async (tx) => {
    await tx.delete(messageTemplates).where(eq(messageTemplates.kind, kind));
    await audit(tx, actor, 'message_template.reset', { type: 'message_template', id: kind });
  });
  return templateOf(db, kind);
}

async function templateOf(db: Database, kind: MessageKind): Promise<MessageTemplate> {
  const template = (await listTemplates(db)).find((t) => t.kind === kind);
  if (!template) throw new Error(`no template ${kind}`);
  return template;
}

/** A sample booking (and service), for the preview of a text being edited; its time in the hospital's zone. */
const sampleValues = (): TemplateValues => ({
  kode_booking: 'K7QD-2MXP',
  nomor_antrean: 'INT-012',
  poli: 'Poli Penyakit Dalam',
  dokter: 'dr. Andi Wijaya, Sp.PD',
  tanggal: 'Senin, 7 Desember 2026',
  jam_praktik: `08.00–12.00 ${zoneLabel()}`,
  estimasi: `09.50 ${zoneLabel()}`,
  tautan_status: 'https://rs.example.id/registrasi/lacak?kode=K7QD-2MXP',
  tautan_qr: 'https://rs.example.id/api/registrations/K7QD-2MXP/qr.png',
  jumlah_di_depan: '3',
  alasan: 'dokter cuti',
  tautan_daftar: 'https://rs.example.id/registrasi',
  layanan: 'Poli Penyakit Dalam',
  tautan_survei: 'https://rs.example.id/survei/Q7F2K9XM4TPA8WZC3HRN',
});

/** A text as a patient would read it, with the sample booking; unknown placeholders are refused as on save. */
export function previewTemplate(kind: MessageKind, body: string): { message: string } {
  checkPlaceholders(kind, body);
  return { message: render(body, sampleValues()) };
}
