import { z } from 'zod';
import { bedClasses, dischargeReasons, outboxStatuses } from './constants.js';
import { optionalText, recordId, requiredText } from './text.js';

export const wardPatientQuerySchema = z.object({
  q: z.string().trim().min(2, 'Ketik minimal 2 huruf atau angka.').max(100),
});

export const wardPatientSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: z.enum(['L', 'P']),
  /** Null only for a patient imported from the old portal without a readable birth date. */
  birthDate: z.string().nullable(),
  /** The room code of the current stay, if the patient is admitted. */
  admittedIn: z.string().nullable(),
});
export const wardPatientListSchema = z.array(wardPatientSchema);

/** A doctor as a stay names them: the DPJP (dokter penanggung jawab pelayanan). */
export const stayDoctorSchema = z.object({ id: z.number().int(), name: z.string() });

export const currentAdmissionSchema = z.object({
  id: z.number().int(),
  registrationNo: z.string(),
  admittedAt: z.string(),
  room: z.object({ code: z.string(), name: z.string(), class: z.string() }),
  /** The bed within the room (1 … its capacity); null for a stay from the legacy data or the SIMRS. */
  bed: z.number().int().nullable(),
  /** The attending doctor; null until one is chosen. */
  dpjp: stayDoctorSchema.nullable(),
  patient: z.object({ id: z.number().int(), mrn: z.string(), name: z.string(), sex: z.enum(['L', 'P']) }),
});
export type CurrentAdmission = z.infer<typeof currentAdmissionSchema>;
export const currentAdmissionListSchema = z.array(currentAdmissionSchema);

export const admissionListQuerySchema = z.object({ room: z.string().trim().max(40).optional() });

/** A bed of the room chosen; left out, the stay takes the room's lowest free bed. */
const bedSchema = z
  .number({ error: 'Nomor tempat tidur harus angka.' })
  .int('Nomor tempat tidur harus bilangan bulat.')
  .min(1, 'Nomor tempat tidur paling kecil 1.')
  .max(500, 'Nomor tempat tidur paling besar 500.');

export const admitRequestSchema = z.object({
  patientId: recordId(),
  roomCode: z.string().trim().min(1, 'Ruangan wajib dipilih.').max(40),
  bed: bedSchema.optional(),
  /** The DPJP, from the doctors' list; null or left out: chosen later. */
  dpjpId: recordId().nullable().optional(),
});
export type AdmitRequest = z.infer<typeof admitRequestSchema>;
export const transferRequestSchema = admitRequestSchema.pick({ roomCode: true, bed: true });
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** A new DPJP for a current stay; null takes the doctor off. */
export const dpjpChangeSchema = z.object({ dpjpId: recordId().nullable() });
export type DpjpChange = z.infer<typeof dpjpChangeSchema>;

/**
 * Why the stay ends, and a note (where the patient was referred, what "other" was). Both may be left out
 * by older callers; the ward desk asks for the reason.
 */
const dischargeReasonSchema = z.enum(dischargeReasons, { error: 'Pilih cara pulang dari daftar.' });

export const dischargeRequestSchema = z.object({
  reason: dischargeReasonSchema.optional(),
  note: optionalText('Keterangan', 200),
});
export type DischargeRequest = z.infer<typeof dischargeRequestSchema>;
/** The ward desk's discharge form: the reason is asked. */
export const dischargeFormSchema = dischargeRequestSchema.extend({ reason: dischargeReasonSchema });

/** The doctors a stay's DPJP is chosen from: every active doctor, by name. */
export const stayDoctorListSchema = z.array(stayDoctorSchema);

// Rooms and beds, kept by the ward desk and admins; each room with its BPJS Aplicares codes.

const roomSexSchema = z.enum(['L', 'P'], { error: 'Pilih laki-laki, perempuan, atau campuran.' }).nullable();

/** `koderuang`: the hospital's own code of the room at BPJS; null while the room is not reported. */
export const bpjsRoomCodeSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9._-]{1,30}$/,
    'Kode ruang BPJS 1–30 huruf, angka, titik, garis bawah atau tanda hubung.',
  );

export const roomCapacitySchema = z
  .number({ error: 'Kapasitas wajib diisi.' })
  .int('Kapasitas harus bilangan bulat.')
  .min(1, 'Kapasitas minimal 1 tempat tidur.')
  .max(500, 'Kapasitas paling banyak 500 tempat tidur.');

export const roomEditSchema = z.object({
  name: requiredText('Nama ruangan', 100),
  /** BPJS bed class (`kodekelas`). */
  class: z.enum(bedClasses, { error: 'Pilih kelas dari daftar kelas BPJS.' }),
  /** Set for single-sex rooms. */
  sex: roomSexSchema,
  bpjsRoomCode: bpjsRoomCodeSchema.nullable(),
});
export type RoomEdit = z.infer<typeof roomEditSchema>;

export const roomCreateSchema = roomEditSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{1,20}$/, 'Kode ruangan 1–20 huruf besar, angka atau tanda hubung.'),
  capacity: roomCapacitySchema,
});
export type RoomCreate = z.infer<typeof roomCreateSchema>;

export const capacityChangeSchema = z.object({
  capacity: roomCapacitySchema,
  reason: requiredText('Alasan', 200),
});
export type CapacityChange = z.infer<typeof capacityChangeSchema>;

/** How a room's reports to BPJS Aplicares stand, as the outbox holds them. */
export const aplicaresReportSchema = z.object({
  /** The newest report: sent, waiting its turn or retrying, or failed for good. */
  status: z.enum(outboxStatuses),
  /** What the newest report says, for staff, and when it was written. */
  message: z.string(),
  createdAt: z.string(),
  /** BPJS's answer to the last report it took, and when. */
  reply: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Why the oldest report not taken yet failed (it holds the later ones back), and its attempts. */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
});
export type AplicaresReport = z.infer<typeof aplicaresReportSchema>;

export const adminRoomSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  class: z.string(),
  capacity: z.number().int(),
  sex: z.enum(['L', 'P']).nullable(),
  bpjsRoomCode: z.string().nullable(),
  occupied: z.number().int(),
  available: z.number().int(),
  /** The last change of the room itself. */
  updatedAt: z.string(),
  /** The last report of the room's BPJS code to Aplicares; null when there is none. */
  aplicares: aplicaresReportSchema.nullable(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

export const roomListSchema = z.object({
  /** Whether rooms are reported to BPJS Aplicares (its address, the keys and the PPK code are set). */
  aplicaresEnabled: z.boolean(),
  rooms: z.array(adminRoomSchema),
});
export type RoomList = z.infer<typeof roomListSchema>;

export const roomFields = ['code', 'name', 'class', 'capacity', 'sex', 'bpjsRoomCode'] as const;
export type RoomField = (typeof roomFields)[number];

const historyValue = z.union([z.string(), z.number(), z.null()]);

export const roomHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.enum(['created', 'edited', 'capacity', 'retired']),
  /** Who made the change; null when nobody is known (a change from the command line). */
  staffName: z.string().nullable(),
  changes: z.array(z.object({ field: z.enum(roomFields), from: historyValue, to: historyValue })),
  /** Why the capacity changed. */
  reason: z.string().nullable(),
});
export type RoomHistoryEntry = z.infer<typeof roomHistoryEntrySchema>;
export const roomHistorySchema = z.array(roomHistoryEntrySchema);

/** What a full resync with BPJS Aplicares put in the outbox. */
export const aplicaresResyncSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Codes BPJS held that no room of the hospital maps (`kodekelas/koderuang`): deleted there. */
  deleted: z.array(z.string()),
  /** Live rooms without a BPJS code: not reported. */
  unmapped: z.number().int(),
});
export type AplicaresResync = z.infer<typeof aplicaresResyncSchema>;
