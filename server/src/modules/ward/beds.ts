import { bedClasses, type BedsResponse } from '@portal/contract';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admissions, rooms } from '../../db/schema/index.js';
import { isCurrentStay } from './occupancy.js';

/** Where a class comes on the bed board: in the order of the BPJS codes, an unknown one last. */
export const classOrder = (code: string) => {
  const index = (bedClasses as readonly string[]).indexOf(code);
  return index === -1 ? bedClasses.length : index;
};

/** Beds per room and class (the public bed board); occupancy is counted from current admissions, never stored. */
export async function getBeds(db: Database): Promise<BedsResponse> {
  const current = db
    .select({ roomId: admissions.roomId, occupied: sql<number>`count(*)::int`.as('occupied') })
    .from(admissions)
    .where(isCurrentStay())
    .groupBy(admissions.roomId)
    .as('current');
  const [rows, [last]] = await Promise.all([
    db
      .select({
        code: rooms.code,
        name: rooms.name,
        class: rooms.class,
        capacity: rooms.capacity,
        sex: rooms.sex,
        occupied: sql<number>`coalesce(${current.occupied}, 0)::int`,
      })
      .from(rooms)
      .leftJoin(current, eq(current.roomId, rooms.id))
      .where(isNull(rooms.deletedAt)),
    // The last admission, transfer or discharge, or change of a room (its beds, its name…).
    db
      .select({
        at: sql<Date | null>`greatest(max(${admissions.updatedAt}), (select max(${rooms.updatedAt}) from ${rooms}))`.mapWith(
          admissions.updatedAt,
        ),
      })
      .from(admissions)
      .where(isNull(admissions.deletedAt)),
  ]);

  const roomList = rows
    .map((r) => ({ ...r, available: Math.max(0, r.capacity - r.occupied) }))
    .sort((a, b) => classOrder(a.class) - classOrder(b.class) || a.name.localeCompare(b.name, 'id'));
  const classes = new Map<string, { class: string; capacity: number; occupied: number; available: number }>();
  for (const room of roomList) {
    const total = classes.get(room.class) ?? { class: room.class, capacity: 0, occupied: 0, available: 0 };
    total.capacity += room.capacity;
    total.occupied += room.occupied;
    total.available += room.available;
    classes.set(room.class, total);
  }
  return {
    updatedAt: last?.at ? last.at.toISOString() : null,
    rooms: roomList,
    classes: [...classes.values()],
  };
}
