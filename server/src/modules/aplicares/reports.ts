import { randomUUID } from 'node:crypto';
import type { AplicaresReport } from '@portal/contract';
import type { BpjsConfig } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type AplicaresBed, readBeds } from '../bpjs/aplicares.js';
import { BpjsError, type BpjsLink } from '../bpjs/client.js';
import { enqueueBpjs, lastOfStreams } from '../notifications/service.js';

// What BPJS Aplicares hears of the hospital's rooms: each room with a BPJS code, its class, beds and
// free beds, on every change of occupancy or capacity and of the room itself. Reports are written to
// the outbox in the transaction of the change, with the room's state as it is after the change (the
// caller holds the room's row lock, so no other change of the room can come between). Reports about
// one BPJS room code go out one after the other in the order written (one stream per `koderuang`):
// the last one to arrive is the room's current state, also after BPJS was unreachable for a while.
// The stream follows the code rather than the room so that a code moving from one room to another,
// or removed by a resync, keeps its order too.

/** Aplicares is on when its address, the keys and the hospital's PPK code are all set. */
export interface AplicaresSetup {
  link: BpjsLink;
  ppkCode: string;
}

export function aplicaresSetup(bpjs: Pick<BpjsConfig, 'aplicares' | 'ppkCode'>): AplicaresSetup | undefined {
  return bpjs.aplicares && bpjs.ppkCode ? { link: bpjs.aplicares, ppkCode: bpjs.ppkCode } : undefined;
}

/** A room as the ward holds it, with its occupancy, after the change being reported. */
export interface RoomState {
  name: string;
  class: string;
  capacity: number;
  occupied: number;
  sex: 'L' | 'P' | null;
  bpjsRoomCode: string | null;
}

/** Where BPJS holds a room: its class and the hospital's code for it. */
export interface BpjsKey {
  kodekelas: string;
  koderuang: string;
}

export const keyOf = (room: Pick<RoomState, 'class' | 'bpjsRoomCode'>): BpjsKey | null =>
  room.bpjsRoomCode === null ? null : { kodekelas: room.class, koderuang: room.bpjsRoomCode };

const sameKey = (a: BpjsKey | null, b: BpjsKey | null) =>
  a !== null && b !== null && a.kodekelas === b.kodekelas && a.koderuang === b.koderuang;

const aplicaresStream = (koderuang: string) => `aplicares:ruang:${koderuang}`;

/**
 * The room as Aplicares takes it. The free beds of a single-sex room are for that sex only; those of
 * a mixed room for either. More patients than beds (an old stay) leave none free, never a negative.
 */
function bedOf(room: RoomState, key: BpjsKey): AplicaresBed {
  const free = Math.max(0, room.capacity - room.occupied);
  return {
    ...key,
    namaruang: room.name,
    kapasitas: room.capacity,
    tersedia: free,
    tersediapria: room.sex === 'L' ? free : 0,
    tersediawanita: room.sex === 'P' ? free : 0,
    tersediapriawanita: room.sex === null ? free : 0,
  };
}

async function enqueueDelete(tx: Transaction, setup: AplicaresSetup, key: BpjsKey, why: string) {
  const stream = aplicaresStream(key.koderuang);
  await enqueueBpjs(tx, {
    eventKey: `${stream}:delete:${randomUUID()}`,
    stream,
    message: `Aplicares ${key.koderuang} (${key.kodekelas}): hapus dari BPJS, ${why}`,
    request: {
      service: 'aplicares',
      method: 'POST',
      path: `rest/bed/delete/${encodeURIComponent(setup.ppkCode)}`,
      body: { ...key },
    },
  });
}

async function enqueueSave(
  tx: Transaction,
  setup: AplicaresSetup,
  bed: AplicaresBed,
  operation: 'create' | 'update',
  why: string,
) {
  const stream = aplicaresStream(bed.koderuang);
  await enqueueBpjs(tx, {
    eventKey: `${stream}:${operation}:${randomUUID()}`,
    stream,
    message:
      `Aplicares ${bed.koderuang} ${bed.namaruang} (${bed.kodekelas}): ` +
      `${bed.tersedia} dari ${bed.kapasitas} tempat tidur kosong, ${why}`,
    request: {
      service: 'aplicares',
      method: 'POST',
      path: `rest/bed/${operation}/${encodeURIComponent(setup.ppkCode)}`,
      body: { ...bed },
    },
  });
}

/**
 * Reports a change of a room: `before` is where BPJS held the room until now (null: nowhere, a new or
 * unmapped room), `after` the room's state now (null: retired). A room that leaves its place at BPJS
 * (unmapped, another code or class, retired) is deleted there first; a room with a code is then
 * created at its new place or updated at the old one. Nothing is written while Aplicares is off.
 */
export async function reportRoom(
  tx: Transaction,
  setup: AplicaresSetup | undefined,
  change: { before: BpjsKey | null; after: RoomState | null; why: string },
): Promise<void> {
  if (!setup) return;
  const { before, after, why } = change;
  const key = after && keyOf(after);
  if (before && !sameKey(before, key)) await enqueueDelete(tx, setup, before, why);
  if (after && key) {
    await enqueueSave(tx, setup, bedOf(after, key), sameKey(before, key) ? 'update' : 'create', why);
  }
}

/** Whether BPJS would hear anything new of a room: a field it is told, or its occupancy, changed. */
const sameState = (a: RoomState, b: RoomState) =>
  a.name === b.name &&
  a.class === b.class &&
  a.capacity === b.capacity &&
  a.occupied === b.occupied &&
  a.sex === b.sex &&
  a.bpjsRoomCode === b.bpjsRoomCode;

/**
 * Reports each room whose state differs between two readings of the live rooms by id (`before` and
 * `after` a change made elsewhere: the SIMRS's, taken by the link): a room gone from `after` is
 * retired, one new in it is created. Nothing is written while Aplicares is off.
 */
export async function reportChangedRooms(
  tx: Transaction,
  setup: AplicaresSetup | undefined,
  before: ReadonlyMap<number, RoomState>,
  after: ReadonlyMap<number, RoomState>,
  why: string,
): Promise<void> {
  if (!setup) return;
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const [was, now] = [before.get(id), after.get(id)];
    if (was && now && sameState(was, now)) continue;
    await reportRoom(tx, setup, { before: was ? keyOf(was) : null, after: now ?? null, why });
  }
}

/** Where BPJS holds the hospital's rooms now, read from BPJS (`rest/bed/read`, every page). */
export async function readHeldBeds(setup: AplicaresSetup): Promise<BpjsKey[]> {
  try {
    const held = await readBeds(setup.link, setup.ppkCode);
    return held.map(({ kodekelas, koderuang }) => ({ kodekelas, koderuang }));
  } catch (err) {
    if (err instanceof BpjsError) {
      throw new AppError(502, 'BPJS_FAILED', `Daftar ruangan di BPJS tidak dapat dibaca: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Reports a full resync, given what BPJS holds and every live room: the deletion of each room BPJS holds
 * that no room maps, then each mapped room's state (created where BPJS lacks it, updated elsewhere).
 */
export async function reportResync(
  tx: Transaction,
  setup: AplicaresSetup,
  held: readonly BpjsKey[],
  rooms: readonly RoomState[],
): Promise<{ created: number; updated: number; deleted: string[] }> {
  const why = 'sinkronisasi penuh';
  const mapped = rooms.flatMap((room) => {
    const key = keyOf(room);
    return key ? [{ room, key }] : [];
  });
  const stray = held.filter((bed) => !mapped.some(({ key }) => sameKey(key, bed)));
  for (const bed of stray) await enqueueDelete(tx, setup, bed, why);
  let created = 0;
  for (const { room, key } of mapped) {
    const known = held.some((bed) => sameKey(bed, key));
    if (!known) created += 1;
    await enqueueSave(tx, setup, bedOf(room, key), known ? 'update' : 'create', why);
  }
  return {
    created,
    updated: mapped.length - created,
    deleted: stray.map((bed) => `${bed.kodekelas}/${bed.koderuang}`),
  };
}

/** How the reports about each of these BPJS room codes stand, by code (codes never reported are left out). */
export async function lastReports(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, AplicaresReport>> {
  const last = await lastOfStreams(db, codes.map(aplicaresStream));
  const reports = new Map<string, AplicaresReport>();
  for (const code of codes) {
    const report = last.get(aplicaresStream(code));
    if (report) reports.set(code, report);
  }
  return reports;
}
