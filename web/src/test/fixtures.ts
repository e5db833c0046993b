import type { BedsResponse, RoomBeds, SessionInfo, StaffRole } from '@portal/contract';
import { STAFF_HINT_COOKIE } from '@portal/contract/constants';

const rooms: RoomBeds[] = [
  {
    code: 'CDR',
    name: 'Paviliun Cendrawasih (VVIP)',
    class: 'VVP',
    capacity: 2,
    occupied: 2,
    available: 0,
    sex: null,
  },
  {
    code: 'MRP',
    name: 'Ruang Merpati (Kelas I)',
    class: 'KL1',
    capacity: 8,
    occupied: 5,
    available: 3,
    sex: null,
  },
  {
    code: 'NUR',
    name: 'Ruang Nuri (Kelas II)',
    class: 'KL2',
    capacity: 10,
    occupied: 7,
    available: 3,
    sex: null,
  },
  {
    code: 'MWR',
    name: 'Ruang Mawar (Kebidanan Kelas II)',
    class: 'KL2',
    capacity: 8,
    occupied: 5,
    available: 3,
    sex: 'P',
  },
  {
    code: 'KNG',
    name: 'Ruang Kenanga (Kelas III Pria)',
    class: 'KL3',
    capacity: 12,
    occupied: 9,
    available: 3,
    sex: 'L',
  },
];

/** A bed document as the server derives it: classes add up their rooms. */
export function bedsWith(
  changes: Partial<Record<string, number>> = {},
  updatedAt = '2026-11-21T03:15:00Z',
): BedsResponse {
  const roomList = rooms.map((room) => {
    const occupied = changes[room.code] ?? room.occupied;
    return { ...room, occupied, available: room.capacity - occupied };
  });
  const classes = new Map<string, { class: string; capacity: number; occupied: number; available: number }>();
  for (const room of roomList) {
    const total = classes.get(room.class) ?? { class: room.class, capacity: 0, occupied: 0, available: 0 };
    total.capacity += room.capacity;
    total.occupied += room.occupied;
    total.available += room.available;
    classes.set(room.class, total);
  }
  return { updatedAt, rooms: roomList, classes: [...classes.values()] };
}

export function sessionWith(roles: StaffRole[], name = 'Ns. Rahmawati Hamid, S.Kep.'): SessionInfo {
  return { id: 3, name, username: 'rahmawati', roles, csrfToken: 'token' };
}

/** The readable cookie that sends the app to ask the server who is logged in. */
export function setStaffHint(): void {
  document.cookie = `${STAFF_HINT_COOKIE}=1; Path=/`;
}
