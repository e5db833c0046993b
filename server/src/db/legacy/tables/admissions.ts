import { mrnSchema, visitParamsSchema } from '@portal/contract';
import { and, isNull } from 'drizzle-orm';
import { localMoment } from '../../../lib/dates.js';
import { admissions, rooms } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, patientsByMrn, upsert } from '../table.js';

/** A registration number or medical record number longer than the portal takes names no record of it. */
const registrationNoLimit = { max: formMax(visitParamsSchema.shape.registrationNo) };
const mrnLimit = { max: formMax(mrnSchema) };

/** A stay as read: the patient still by medical record number, found per batch when written. */
type StayRow = Omit<typeof admissions.$inferInsert, 'id' | 'patientId'> & { mrn: string };

const isOpen = (stay: { dischargedAt?: Date | null; deletedAt?: Date | null }) =>
  !stay.dischargedAt && !stay.deletedAt;

/** A local moment (the process time zone, the hospital's) from a date and an optional HH:MM; midnight without it. */
function moment(date: string, time: string | null): Date {
  const [hour, minute] = (time ?? '00:00').split(':').map(Number) as [number, number];
  return localMoment(date, hour, minute);
}

const shown = (date: string, time: string | null) => (time === null ? date : `${date} ${time}`);

/** The discharge, or null while the patient is still in (the bed board counts the stay). */
function discharge(row: LegacyRow, admittedOn: string, admittedTime: string | null): Date | null {
  const date = row.date('tglkeluar');
  if (date === null) return null;
  const time = row.time('jamkeluar');
  const admittedAt = moment(admittedOn, admittedTime);
  const dischargedAt = moment(date, time);
  if (dischargedAt >= admittedAt) return dischargedAt;
  // A discharge on the admission day without a time is unrecorded, not earlier than the admission.
  if (time === null && date === admittedOn) return admittedAt;
  return row.reject(
    'tglkeluar',
    `tanggal keluar ${shown(date, time)} sebelum tanggal masuk ${shown(admittedOn, admittedTime)}`,
  );
}

/** `bil_ri_xbinap`: an inpatient stay under its registration number (`noreg`). */
export const admissionsTable = legacyTable({
  file: 'bil_ri_xbinap.csv',
  columns: ['noreg', 'norekmed', 'tglmasuk', 'ruangkd'],
  keyColumn: 'noreg',
  async prepare(tx) {
    // Deleted rooms too: a past stay may have been in a room that is closed now.
    const roomRows = await tx.select({ id: rooms.id, code: rooms.code }).from(rooms);
    // The open stays, kept up to date as the batches are written: as many as there are patients in
    // the wards, so a map in memory answers for every batch without asking the database.
    const open = await tx
      .select({ patientId: admissions.patientId, registrationNo: admissions.registrationNo })
      .from(admissions)
      .where(and(isNull(admissions.dischargedAt), isNull(admissions.deletedAt)));
    return {
      roomIds: new Map(roomRows.map(({ id, code }) => [code, id])),
      openStayOf: new Map(open.map(({ patientId, registrationNo }) => [patientId, registrationNo])),
      openPatientOf: new Map(open.map(({ patientId, registrationNo }) => [registrationNo, patientId])),
    };
  },
  read(row, { roomIds }): StayRow {
    const registrationNo = row.requiredCode('noreg', 'nomor registrasi (noreg)', registrationNoLimit);
    const mrn = row.requiredCode('norekmed', 'nomor rekam medis (norekmed)', mrnLimit);
    const roomCode = row.requiredCode('ruangkd', 'kode ruang (ruangkd)');
    const roomId = roomIds.get(roomCode) ?? row.reject('ruangkd', `ruang ${roomCode} tidak ada`, roomCode);
    const admittedOn = row.requiredDate('tglmasuk', 'tanggal masuk');
    const admittedTime = row.time('jam');
    const admittedAt = moment(admittedOn, admittedTime);
    const dischargedAt = discharge(row, admittedOn, admittedTime);
    return {
      registrationNo,
      mrn,
      roomId,
      admittedAt,
      dischargedAt,
      // The bed board's "last change" is the stay's own last event, so a rerun changes nothing.
      updatedAt: dischargedAt ?? admittedAt,
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (stay) => stay.registrationNo,
  async write(tx, batch, { openStayOf, openPatientOf }, outcome) {
    const patientIds = await patientsByMrn(
      tx,
      batch.map(({ row }) => row.mrn),
      outcome,
    );

    // The database allows one open stay per patient. A stay open there keeps the bed unless its row
    // here discharges it, deletes it or moves it to another patient; a second open stay of the same
    // patient is turned away, as the ward desk would have. The stays open in the database are seen
    // first, so that a bed they give up is free for the rows after them.
    const alreadyOpen = (item: (typeof batch)[number]) => openPatientOf.has(item.row.registrationNo);
    const openNow = new Map<number, string>();
    const released = new Set<number>();
    const rows = [...batch.filter(alreadyOpen), ...batch.filter((item) => !alreadyOpen(item))].flatMap(
      ({ line, row: { mrn, ...stay } }) => {
        const patientId = patientIds.get(mrn);
        if (patientId === undefined) {
          patientIds.reject(outcome, line, 'norekmed', mrn);
          return [];
        }
        if (isOpen(stay)) {
          const before = openStayOf.get(patientId);
          const other =
            openNow.get(patientId) ??
            (before !== stay.registrationNo && !released.has(patientId) ? before : undefined);
          if (other !== undefined) {
            outcome.reject(
              line,
              'tglkeluar',
              `pasien ${mrn} masih dirawat dengan noreg ${other}: satu pasien hanya boleh punya satu rawat inap tanpa tanggal keluar`,
            );
            return [];
          }
          openNow.set(patientId, stay.registrationNo);
        }
        const heldBefore = openPatientOf.get(stay.registrationNo);
        if (heldBefore !== undefined && openNow.get(heldBefore) !== stay.registrationNo)
          released.add(heldBefore);
        return [{ line, row: { ...stay, patientId } }];
      },
    );
    // The unique index is checked row by row, in this order: stays that give a bed up, then those
    // open already (in the order they were seen), then new ones.
    const order = ({ row: stay }: (typeof rows)[number]) =>
      !isOpen(stay) ? 0 : openPatientOf.has(stay.registrationNo) ? 1 : 2;
    rows.sort((a, b) => order(a) - order(b));
    const written = await upsert(tx, admissions, rows, [admissions.registrationNo], outcome);

    for (const patientId of released) {
      const registrationNo = openStayOf.get(patientId);
      if (registrationNo !== undefined) openPatientOf.delete(registrationNo);
      openStayOf.delete(patientId);
    }
    for (const [patientId, registrationNo] of openNow) {
      openStayOf.set(patientId, registrationNo);
      openPatientOf.set(registrationNo, patientId);
    }
    return written;
  },
});
