import type {
  AdminRoom,
  AplicaresReport,
  AplicaresResync,
  CapacityChange,
  RoomCreate,
  RoomEdit,
  RoomField,
  RoomHistoryEntry,
  RoomList,
} from '@portal/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { admissions, patients, rooms } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit, auditTrail } from '../../lib/audit.js';
import {
  type AplicaresSetup,
  keyOf,
  lastReports,
  readHeldBeds,
  reportResync,
  reportRoom,
} from '../aplicares/reports.js';
import { classOrder } from './beds.js';
import { isCurrentStay, type RoomRow, roomsWithOccupancy } from './occupancy.js';
import { lockRoom, roomState, sexWord } from './service.js';
import { simrsOwned } from '../../plugins/simrs-owned.js';

// The rooms of the ward, kept by the ward desk and admins: name, BPJS class, beds, sex and BPJS room
// code. Every change is audited with the old and new values, tells the bed board, and is reported to
// BPJS Aplicares. A room's row lock orders its changes: the admissions take the same lock before they
// count the beds, so a capacity cut and an admission cannot pass each other.

/** A room as the desk shows it, with how its reports to Aplicares stand (by BPJS room code). */
const toAdminRoom = (room: RoomRow, reports: Map<string, AplicaresReport>): AdminRoom => ({
  id: room.id,
  code: room.code,
  name: room.name,
  class: room.class,
  capacity: room.capacity,
  sex: room.sex,
  bpjsRoomCode: room.bpjsRoomCode,
  occupied: room.occupied,
  available: Math.max(0, room.capacity - room.occupied),
  updatedAt: room.updatedAt.toISOString(),
  aplicares: (room.bpjsRoomCode !== null && reports.get(room.bpjsRoomCode)) || null,
});

const codesOf = (rows: readonly RoomRow[]) =>
  rows.flatMap((room) => (room.bpjsRoomCode === null ? [] : [room.bpjsRoomCode]));

/** The live rooms with their occupancy, BPJS mapping and last report to Aplicares, as the bed board orders them. */
export async function listRooms(db: Database, aplicares: AplicaresSetup | undefined): Promise<RoomList> {
  const rows = await roomsWithOccupancy(db).where(isNull(rooms.deletedAt));
  const reports = await lastReports(db, codesOf(rows));
  return {
    aplicaresEnabled: aplicares !== undefined,
    rooms: rows
      .sort((a, b) => classOrder(a.class) - classOrder(b.class) || a.name.localeCompare(b.name, 'id'))
      .map((room) => toAdminRoom(room, reports)),
  };
}

async function adminRoom(db: Database, id: number): Promise<AdminRoom> {
  const room = await roomState(db, id);
  return toAdminRoom(room, await lastReports(db, codesOf([room])));
}

type Change = { field: RoomField; from: string | number | null; to: string | number | null };

/** The fields whose value differs, as the history shows them. */
function changesBetween(before: Partial<Record<RoomField, string | number | null>>, after: typeof before) {
  return (Object.keys(after) as RoomField[]).flatMap((field): Change[] => {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
}

/** A taken room code or BPJS room code answers 409 with the code named. */
async function uniqueCodes<T>(
  write: () => Promise<T>,
  codes: { code?: string; bpjsRoomCode: string | null },
) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'rooms_code_unique')) {
      throw conflict('DUPLICATE_CODE', `Kode ruangan ${codes.code} sudah dipakai.`);
    }
    if (isUniqueViolation(err, 'rooms_bpjs_room_code')) {
      throw conflict(
        'DUPLICATE_BPJS_CODE',
        `Kode ruang BPJS ${codes.bpjsRoomCode} sudah dipakai ruangan lain.`,
      );
    }
    throw err;
  }
}

export async function createRoom(
  db: Database,
  actor: Actor,
  input: RoomCreate,
  aplicares: AplicaresSetup | undefined,
): Promise<AdminRoom> {
  const id = await uniqueCodes(
    () =>
      db.transaction(async (tx) => {
        const { id } = single(await tx.insert(rooms).values(input).returning({ id: rooms.id }));
        await audit(
          tx,
          actor,
          'room.create',
          { type: 'room', id },
          { changes: changesBetween({}, { ...input }) },
        );
        await reportRoom(tx, aplicares, {
          before: null,
          after: await roomState(tx, id),
          why: 'ruangan baru',
        });
        return id;
      }),
    input,
  );
  return adminRoom(db, id);
}

/** Patients lying in the room now who are not of `sex`. */
async function patientsOfOtherSex(tx: Transaction, roomId: number, sex: 'L' | 'P') {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(admissions)
    .innerJoin(patients, eq(patients.id, admissions.patientId))
    .where(and(eq(admissions.roomId, roomId), isCurrentStay(), ne(patients.sex, sex)));
  return row?.n ?? 0;
}

export async function editRoom(
  db: Database,
  actor: Actor,
  id: number,
  input: RoomEdit,
  aplicares: AplicaresSetup | undefined,
  simrsLinked = false,
): Promise<AdminRoom> {
  await uniqueCodes(
    () =>
      db.transaction(async (tx) => {
        const before = await lockRoom(tx, id);
        const changes = changesBetween(before, input);
        if (changes.length === 0) return;
        // Linked mode: the SIMRS owns the room (master_ruangkd); its BPJS room code is the portal's.
        if (simrsLinked && changes.some((change) => change.field !== 'bpjsRoomCode'))
          throw simrsOwned('Nama, kelas dan kelamin ruangan');
        if (input.sex && input.sex !== before.sex) {
          const others = await patientsOfOtherSex(tx, id, input.sex);
          if (others > 0) {
            const other = input.sex === 'L' ? 'P' : 'L';
            throw conflict(
              'ROOM_SEX_CONFLICT',
              `${before.name} masih merawat ${others} pasien ${sexWord[other]}: tidak dapat dijadikan khusus ${sexWord[input.sex]}.`,
            );
          }
        }
        await tx
          .update(rooms)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(rooms.id, id));
        await audit(tx, actor, 'room.edit', { type: 'room', id }, { changes });
        await reportRoom(tx, aplicares, {
          before: keyOf(before),
          after: await roomState(tx, id),
          why: 'data ruangan diubah',
        });
      }),
    input,
  );
  return adminRoom(db, id);
}

/**
 * Sets a room's number of beds, never below the beds taken now. The room's lock is the one admissions
 * take before counting, so an admission cannot slip in between the count and the change.
 */
export async function changeCapacity(
  db: Database,
  actor: Actor,
  id: number,
  input: CapacityChange,
  aplicares: AplicaresSetup | undefined,
): Promise<AdminRoom> {
  await db.transaction(async (tx) => {
    const room = await lockRoom(tx, id);
    if (input.capacity === room.capacity) return;
    if (input.capacity < room.occupied) {
      throw conflict(
        'CAPACITY_BELOW_OCCUPANCY',
        `Kapasitas ${room.name} tidak dapat dijadikan ${input.capacity}: ${room.occupied} tempat tidur sedang terisi.`,
      );
    }
    // Beds are numbered 1 … capacity: a bed beyond the new capacity must be empty first.
    const [highest] = await tx
      .select({ bed: sql<number | null>`max(${admissions.bed})` })
      .from(admissions)
      .where(and(eq(admissions.roomId, id), isCurrentStay()));
    if (highest && highest.bed !== null && highest.bed > input.capacity) {
      throw conflict(
        'CAPACITY_BELOW_OCCUPANCY',
        `Kapasitas ${room.name} tidak dapat dijadikan ${input.capacity}: tempat tidur ${highest.bed} sedang ` +
          'terisi. Pindahkan pasiennya ke tempat tidur lain dulu.',
      );
    }
    await tx
      .update(rooms)
      .set({ capacity: input.capacity, updatedAt: sql`now()` })
      .where(eq(rooms.id, id));
    await audit(
      tx,
      actor,
      'room.capacity',
      { type: 'room', id },
      { changes: changesBetween(room, { capacity: input.capacity }), reason: input.reason },
    );
    await reportRoom(tx, aplicares, {
      before: keyOf(room),
      after: await roomState(tx, id),
      why: `kapasitas diubah: ${input.reason}`,
    });
  });
  return adminRoom(db, id);
}

/** Takes an empty room out of use: off the bed board and the desk, deleted at BPJS; its history stays. */
export async function retireRoom(
  db: Database,
  actor: Actor,
  id: number,
  aplicares: AplicaresSetup | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await lockRoom(tx, id);
    if (room.occupied > 0) {
      throw conflict(
        'ROOM_NOT_EMPTY',
        `${room.name} masih merawat ${room.occupied} pasien: pulangkan atau pindahkan mereka lebih dulu.`,
      );
    }
    await tx
      .update(rooms)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(rooms.id, id));
    await audit(tx, actor, 'room.retire', { type: 'room', id });
    await reportRoom(tx, aplicares, { before: keyOf(room), after: null, why: 'ruangan tidak dipakai lagi' });
  });
}

const historyActions: Record<string, RoomHistoryEntry['action']> = {
  'room.create': 'created',
  'room.edit': 'edited',
  'room.capacity': 'capacity',
  'room.retire': 'retired',
};

/** A room's changes from the audit log, newest first: who changed what from what to what, and why. */
export async function roomHistory(db: Database, id: number): Promise<RoomHistoryEntry[]> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id));
  if (!room) throw notFound('Ruangan tidak ditemukan.');
  const rows = await auditTrail(db, 'room', id);
  return rows.flatMap((row) => {
    const action = historyActions[row.action];
    if (!action) return [];
    const details = (row.details ?? {}) as { changes?: Change[]; reason?: string };
    return [
      {
        at: row.at.toISOString(),
        action,
        staffName: row.staff?.name ?? null,
        changes: details.changes ?? [],
        reason: details.reason ?? null,
      },
    ];
  });
}

/**
 * Brings BPJS Aplicares in line with the hospital: reads what BPJS holds, then reports (through the
 * outbox, behind anything still waiting) the deletion of every room BPJS holds that no room maps, and
 * every mapped room's state. All rooms are locked meanwhile, so no change of a mapping can cross it.
 */
export async function resyncAplicares(
  db: Database,
  aplicares: AplicaresSetup | undefined,
  actor: Actor | null,
): Promise<AplicaresResync> {
  if (!aplicares) {
    throw new AppError(
      409,
      'APLICARES_NOT_CONFIGURED',
      'Aplicares belum dikonfigurasi (BPJS_APLICARES_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY, BPJS_PPK_CODE).',
    );
  }
  const held = await readHeldBeds(aplicares);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(isNull(rooms.deletedAt))
      .orderBy(asc(rooms.id))
      .for('update');
    const states = await roomsWithOccupancy(tx).where(isNull(rooms.deletedAt)).orderBy(asc(rooms.id));
    const reported = await reportResync(tx, aplicares, held, states);
    const result = { ...reported, unmapped: states.filter((room) => room.bpjsRoomCode === null).length };
    if (actor) await audit(tx, actor, 'aplicares.resync', { type: 'aplicares', id: null }, result);
    return result;
  });
}
