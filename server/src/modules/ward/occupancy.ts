import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { admissions, rooms } from '../../db/schema/index.js';
import type { RoomState } from '../aplicares/reports.js';

// Which beds are taken: the rooms with their occupancy, as the ward, the bed board, BPJS Aplicares and
// the SIMRS link's reports read them.

/**
 * A stay that holds a bed now: not discharged, and not one the legacy database marked deleted (those
 * are kept for the record only). The same condition as the partial unique index on admissions.
 */
export const isCurrentStay = () => and(isNull(admissions.dischargedAt), isNull(admissions.deletedAt));

export type RoomRow = RoomState & { id: number; code: string; updatedAt: Date };

/** Rooms with the beds taken in each now, counted from the current stays. */
export function roomsWithOccupancy(db: Database | Transaction) {
  const current = db
    .select({ roomId: admissions.roomId, occupied: sql<number>`count(*)::int`.as('occupied') })
    .from(admissions)
    .where(isCurrentStay())
    .groupBy(admissions.roomId)
    .as('current');
  return db
    .select({
      id: rooms.id,
      code: rooms.code,
      name: rooms.name,
      class: rooms.class,
      capacity: rooms.capacity,
      sex: rooms.sex,
      bpjsRoomCode: rooms.bpjsRoomCode,
      updatedAt: rooms.updatedAt,
      occupied: sql<number>`coalesce(${current.occupied}, 0)::int`,
    })
    .from(rooms)
    .leftJoin(current, eq(current.roomId, rooms.id))
    .$dynamic();
}

/** The live rooms with their occupancy, by id. */
export async function liveRooms(db: Database | Transaction): Promise<Map<number, RoomRow>> {
  const found = await roomsWithOccupancy(db).where(isNull(rooms.deletedAt));
  return new Map(found.map((room) => [room.id, room]));
}
