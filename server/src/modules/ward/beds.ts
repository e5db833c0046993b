import { bedClasses, type BedsResponse } from '@portal/contract';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admissions, rooms } from '../../db/schema/index.js';
import { roomsWithOccupancy } from './occupancy.js';

/** Where a class comes on the bed board: in the order of the BPJS codes, an unknown one last. */
export const classOrder = (code: string) => {
  const index = (bedClasses as readonly string[]).indexOf(code);
  return index === -1 ? bedClasses.length : index;
};

/** Beds per room and class (the public bed board); occupancy is counted from current admissions, never stored. */
export async function getBeds(db: Database): Promise<BedsResponse> {
  const [rows, [last]] = await Promise.all([
    roomsWithOccupancy(db).where(isNull(rooms.deletedAt)),
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
    .map(({ code, name, class: roomClass, capacity, sex, occupied }) => ({
      code,
      name,
      class: roomClass,
      capacity,
      sex,
      occupied,
      available: Math.max(0, capacity - occupied),
    }))
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
