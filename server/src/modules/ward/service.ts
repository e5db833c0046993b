import type { AdmitRequest, CurrentAdmission, DischargeRequest, TransferRequest } from '@portal/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { type RowOf, single } from '../../db/rows.js';
import { isUniqueViolation } from '../../db/errors.js';
import { admissions, doctors, inpatientRegistrationSeq, patients, rooms } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { type AplicaresSetup, keyOf, reportRoom } from '../aplicares/reports.js';
import { activeDoctors, isActiveDoctor } from '../clinics/admin.js';
import { findPatients, getPatient } from '../patients/service.js';
import { isCurrentStay, type RoomRow, roomsWithOccupancy } from './occupancy.js';

export const sexWord = { L: 'laki-laki', P: 'perempuan' } as const;

const live = (id: number) => and(eq(rooms.id, id), isNull(rooms.deletedAt));

/** A live room and its occupancy, as the transaction sees them. */
export async function roomState(tx: Database | Transaction, id: number): Promise<RoomRow> {
  const [room] = await roomsWithOccupancy(tx).where(live(id));
  if (!room) throw notFound('Ruangan tidak ditemukan.');
  return room;
}

/** Locks a live room's row for the rest of the transaction and reads it with its occupancy. */
export async function lockRoom(tx: Transaction, id: number): Promise<RoomRow> {
  const [locked] = await tx.select({ id: rooms.id }).from(rooms).where(live(id)).for('update');
  if (!locked) throw notFound('Ruangan tidak ditemukan.');
  return roomState(tx, id);
}

/** Patients matching a lookup, with the room they lie in now, if any. */
export async function searchWardPatients(db: Database, q: string) {
  const found = await findPatients(db, q);
  if (found.length === 0) return [];
  const stays = await db
    .select({ patientId: admissions.patientId, room: rooms.code })
    .from(admissions)
    .innerJoin(rooms, eq(rooms.id, admissions.roomId))
    .where(
      and(
        isCurrentStay(),
        inArray(
          admissions.patientId,
          found.map((p) => p.id),
        ),
      ),
    );
  const roomOf = new Map(stays.map((s) => [s.patientId, s.room]));
  return found.map((p) => ({ ...p, admittedIn: roomOf.get(p.id) ?? null }));
}

function currentAdmissions(db: Database | Transaction) {
  return db
    .select({
      id: admissions.id,
      registrationNo: admissions.registrationNo,
      admittedAt: admissions.admittedAt,
      roomCode: rooms.code,
      roomName: rooms.name,
      roomClass: rooms.class,
      bed: admissions.bed,
      dpjpId: doctors.id,
      dpjpName: doctors.name,
      patientId: patients.id,
      mrn: patients.mrn,
      patientName: patients.name,
      sex: patients.sex,
    })
    .from(admissions)
    .innerJoin(rooms, eq(rooms.id, admissions.roomId))
    .innerJoin(patients, eq(patients.id, admissions.patientId))
    .leftJoin(doctors, eq(doctors.id, admissions.dpjpId))
    .$dynamic();
}

type AdmissionRow = RowOf<typeof currentAdmissions>;

const toAdmission = (row: AdmissionRow): CurrentAdmission => ({
  id: row.id,
  registrationNo: row.registrationNo,
  admittedAt: row.admittedAt.toISOString(),
  room: { code: row.roomCode, name: row.roomName, class: row.roomClass },
  bed: row.bed,
  dpjp: row.dpjpId === null ? null : { id: row.dpjpId, name: row.dpjpName ?? '' },
  patient: { id: row.patientId, mrn: row.mrn, name: row.patientName, sex: row.sex },
});

export async function listCurrentAdmissions(db: Database, roomCode?: string): Promise<CurrentAdmission[]> {
  const rows = await currentAdmissions(db)
    .where(and(isCurrentStay(), roomCode ? eq(rooms.code, roomCode) : undefined))
    .orderBy(asc(rooms.code), sql`${admissions.bed} nulls last`, asc(patients.name));
  return rows.map(toAdmission);
}

async function admissionById(db: Database | Transaction, id: number): Promise<CurrentAdmission> {
  const [row] = await currentAdmissions(db).where(and(eq(admissions.id, id), isNull(admissions.deletedAt)));
  if (!row) throw notFound('Data rawat inap tidak ditemukan.');
  return toAdmission(row);
}

/**
 * Locks the room's row and checks that it takes this patient: the lock makes concurrent admissions
 * into the same room wait for each other, so the last bed can only be given once, and a change of the
 * room's capacity (which takes the same lock) cannot pass between the count and the admission.
 */
async function lockRoomFor(tx: Transaction, roomCode: string, patient: { sex: 'L' | 'P' }) {
  const [room] = await tx
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity, sex: rooms.sex })
    .from(rooms)
    .where(and(eq(rooms.code, roomCode), isNull(rooms.deletedAt)))
    .for('update');
  if (!room) throw notFound('Ruangan tidak ditemukan.');
  if (room.sex && room.sex !== patient.sex) {
    throw conflict('ROOM_SEX_MISMATCH', `${room.name} khusus pasien ${sexWord[room.sex]}.`);
  }
  const [occupied] = await tx
    .select({ n: count() })
    .from(admissions)
    .where(and(eq(admissions.roomId, room.id), isCurrentStay()));
  if ((occupied?.n ?? 0) >= room.capacity)
    throw conflict('ROOM_FULL', `${room.name} penuh: tidak ada tempat tidur kosong.`);
  return room;
}

/**
 * Locks rooms' rows in the order of their ids, the one order every writer keeps, so that two moves
 * between the same rooms in opposite directions wait for each other instead of deadlocking.
 */
async function lockRooms(tx: Transaction, ids: number[]) {
  await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(inArray(rooms.id, ids))
    .orderBy(asc(rooms.id))
    .for('update');
}

const bedTaken = (room: string, bed: number) =>
  conflict('BED_TAKEN', `Tempat tidur ${bed} di ${room} sudah terisi. Pilih tempat tidur lain.`);

/**
 * The bed a stay takes in a room whose row the caller has locked: the one asked for, if the room has it
 * and no current stay lies in it, else the room's lowest free bed. (The unique index on current stays per
 * bed refuses a second one whatever happens here.)
 */
async function bedFor(
  tx: Transaction,
  room: { id: number; name: string; capacity: number },
  asked: number | undefined,
): Promise<number> {
  const taken = new Set(
    (
      await tx
        .select({ bed: admissions.bed })
        .from(admissions)
        .where(and(eq(admissions.roomId, room.id), isCurrentStay(), isNotNull(admissions.bed)))
    ).map((row) => row.bed),
  );
  if (asked !== undefined) {
    if (asked > room.capacity) {
      const message = `${room.name} hanya punya tempat tidur 1–${room.capacity}.`;
      throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { bed: message } });
    }
    if (taken.has(asked)) throw bedTaken(room.name, asked);
    return asked;
  }
  for (let bed = 1; bed <= room.capacity; bed++) if (!taken.has(bed)) return bed;
  throw conflict('ROOM_FULL', `${room.name} penuh: tidak ada tempat tidur kosong.`);
}

/** The doctors a DPJP is chosen from. */
export function wardDoctors(db: Database) {
  return activeDoctors(db);
}

/** A DPJP must be a doctor of the list who still works here. */
async function checkDpjp(tx: Transaction, dpjpId: number | null | undefined): Promise<number | null> {
  if (dpjpId === undefined || dpjpId === null) return null;
  if (await isActiveDoctor(tx, dpjpId)) return dpjpId;
  const message = 'Dokter tidak ada di daftar dokter.';
  throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { dpjpId: message } });
}

/** A stay written into a bed another took at the same moment (the room's lock makes it rare; the index decides). */
function bedRace(err: unknown): AppError | undefined {
  return isUniqueViolation(err, 'admissions_one_current_per_bed')
    ? conflict('BED_TAKEN', 'Tempat tidur ini baru saja diisi pasien lain. Pilih tempat tidur lain.')
    : undefined;
}

/**
 * Reports a room's beds to BPJS Aplicares after a stay began, moved or ended in it; the caller holds
 * the room's lock, so the state reported is the state left by this change.
 */
async function reportBeds(
  tx: Transaction,
  aplicares: AplicaresSetup | undefined,
  roomId: number,
  why: string,
) {
  if (!aplicares) return;
  const [room] = await roomsWithOccupancy(tx).where(live(roomId));
  if (room) await reportRoom(tx, aplicares, { before: keyOf(room), after: room, why });
}

function alreadyAdmitted(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.constraint ?? e.cause?.constraint) === 'admissions_one_current_per_patient';
}

/**
 * Admits a patient into a room's bed (the one asked for, or the lowest free one), with the DPJP when one is
 * chosen.
 */
export async function admit(
  db: Database,
  actor: Actor,
  input: AdmitRequest,
  aplicares: AplicaresSetup | undefined,
): Promise<CurrentAdmission> {
  const admittedElsewhere = () => conflict('PATIENT_ALREADY_ADMITTED', 'Pasien ini sedang dirawat inap.');
  try {
    return await db.transaction(async (tx) => {
      const patient = await getPatient(tx, input.patientId);
      const [current] = await tx
        .select({ id: admissions.id })
        .from(admissions)
        .where(and(eq(admissions.patientId, patient.id), isCurrentStay()));
      if (current) throw admittedElsewhere();
      const room = await lockRoomFor(tx, input.roomCode, patient);
      const bed = await bedFor(tx, room, input.bed);
      const dpjpId = await checkDpjp(tx, input.dpjpId);
      const created = single(
        await tx
          .insert(admissions)
          .values({
            // The admission's day in the hospital's zone (the database session runs in UTC).
            registrationNo: sql`'RI' || ${localToday().slice(2).replaceAll('-', '')} || lpad(nextval(${inpatientRegistrationSeq.seqName}::regclass)::text, 5, '0')`,
            patientId: patient.id,
            roomId: room.id,
            bed,
            dpjpId,
            admittedAt: sql`now()`,
          })
          .returning({ id: admissions.id, registrationNo: admissions.registrationNo }),
      );
      await audit(
        tx,
        actor,
        'ward.admit',
        { type: 'admission', id: created.id },
        {
          patientId: patient.id,
          room: input.roomCode,
          bed,
          dpjpId,
          registrationNo: created.registrationNo,
        },
      );
      await reportBeds(tx, aplicares, room.id, `pasien masuk (${created.registrationNo})`);
      return admissionById(tx, created.id);
    });
  } catch (err) {
    // Two admissions of one patient racing into different rooms: the partial unique index decides.
    if (alreadyAdmitted(err)) throw admittedElsewhere();
    throw bedRace(err) ?? err;
  }
}

async function lockCurrentStay(tx: Transaction, id: number) {
  const [stay] = await tx
    .select({
      id: admissions.id,
      registrationNo: admissions.registrationNo,
      roomId: admissions.roomId,
      patientId: admissions.patientId,
      dpjpId: admissions.dpjpId,
      dischargedAt: admissions.dischargedAt,
    })
    .from(admissions)
    .where(and(eq(admissions.id, id), isNull(admissions.deletedAt)))
    .for('update');
  if (!stay) throw notFound('Data rawat inap tidak ditemukan.');
  if (stay.dischargedAt) throw conflict('ALREADY_DISCHARGED', 'Pasien ini sudah pulang.');
  return stay;
}

/** Moves a current stay into another room's bed (the one asked for, or the lowest free one). */
export async function transfer(
  db: Database,
  actor: Actor,
  id: number,
  input: TransferRequest,
  aplicares: AplicaresSetup | undefined,
): Promise<CurrentAdmission> {
  return db
    .transaction(async (tx) => {
      const stay = await lockCurrentStay(tx, id);
      const patient = await getPatient(tx, stay.patientId);
      const [from] = await tx.select({ code: rooms.code }).from(rooms).where(eq(rooms.id, stay.roomId));
      if (from?.code === input.roomCode) throw conflict('SAME_ROOM', 'Pasien sudah berada di ruangan ini.');
      const [target] = await tx
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.code, input.roomCode), isNull(rooms.deletedAt)));
      if (!target) throw notFound('Ruangan tidak ditemukan.');
      await lockRooms(tx, [stay.roomId, target.id]);
      const room = await lockRoomFor(tx, input.roomCode, patient);
      const bed = await bedFor(tx, room, input.bed);
      await tx
        .update(admissions)
        .set({ roomId: room.id, bed, updatedAt: sql`now()` })
        .where(eq(admissions.id, id));
      await audit(
        tx,
        actor,
        'ward.transfer',
        { type: 'admission', id },
        { from: from?.code, to: input.roomCode, bed },
      );
      await reportBeds(tx, aplicares, stay.roomId, `pasien pindah ke ruangan lain (${stay.registrationNo})`);
      await reportBeds(tx, aplicares, room.id, `pasien pindahan masuk (${stay.registrationNo})`);
      return admissionById(tx, id);
    })
    .catch((err: unknown) => {
      throw bedRace(err) ?? err;
    });
}

/** Changes the DPJP of a current stay (null takes the doctor off). */
export async function changeDpjp(
  db: Database,
  actor: Actor,
  id: number,
  dpjpId: number | null,
): Promise<CurrentAdmission> {
  return db.transaction(async (tx) => {
    const stay = await lockCurrentStay(tx, id);
    const chosen = await checkDpjp(tx, dpjpId);
    if (stay.dpjpId !== chosen) {
      await tx.update(admissions).set({ dpjpId: chosen }).where(eq(admissions.id, stay.id));
      await audit(tx, actor, 'ward.dpjp', { type: 'admission', id }, { from: stay.dpjpId, to: chosen });
    }
    return admissionById(tx, id);
  });
}

/** Discharges a current stay, saying how it ended; its bed is free at once. */
export async function discharge(
  db: Database,
  actor: Actor,
  id: number,
  input: DischargeRequest,
  aplicares: AplicaresSetup | undefined,
): Promise<void> {
  const reason = input.reason ?? null;
  const note = input.note?.trim() || null;
  await db.transaction(async (tx) => {
    const stay = await lockCurrentStay(tx, id);
    await lockRooms(tx, [stay.roomId]);
    await tx
      .update(admissions)
      .set({ dischargedAt: sql`now()`, dischargeReason: reason, dischargeNote: note, updatedAt: sql`now()` })
      .where(eq(admissions.id, stay.id));
    await audit(tx, actor, 'ward.discharge', { type: 'admission', id }, { reason, note });
    await reportBeds(tx, aplicares, stay.roomId, `pasien pulang (${stay.registrationNo})`);
  });
}
