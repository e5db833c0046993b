import { dutyRoles, type RosterShift, rosterShifts } from '@portal/contract';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { shiftWindow } from '../../modules/attendance/roster.js';
import { syncMrnSequence } from '../../modules/patients/service.js';
import { isCurrentStay } from '../../modules/ward/occupancy.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Database, Transaction } from '../client.js';
import {
  admissions,
  ambulanceTariffs,
  attendance,
  clinics,
  closedDates,
  complaintResponses,
  complaints,
  doctorSchedules,
  doctors,
  dutyPosts,
  orderEvents,
  orders,
  outpatientVisits,
  patients,
  referenceCodes,
  rosterEntries,
  rooms,
  staff,
  surveyInvitations,
  tariffBooks,
  tariffItems,
} from '../schema/index.js';
import { planAdmissions } from './admissions.js';
import { addDays, isoWeekday, localMoment, localToday } from '../../lib/dates.js';
import { demoClinics, demoDoctors, demoHolidays, demoSchedules } from './demo-data/clinics.js';
import { demoDutyPosts, demoPassword, demoRosterTurns, demoStaff } from './demo-data/staff.js';
import { demoAmbulanceTariffs, demoTariffBooks } from './demo-data/tariffs.js';
import { type DemoMoment, demoComplaints, demoOrders, demoSurveys } from './demo-data/requests.js';
import { demoRooms } from './demo-data/wards.js';
import { demoReferenceCodes, generatePatients } from './patients.js';
import { seedOperations } from './operations.js';
import { generateVisits } from './visits.js';

/** Rows inserted per table; 0 where the demo rows were already there. */
export type SeedSummary = Record<string, number>;

const patientCount = 300;
// Few large multi-row inserts keep PGlite fast; 500 rows stay far below the bind-parameter limit.
const batchSize = 500;

/**
 * Loads a realistic demo data set: clinics, doctors, wards, tariffs, staff, and 300 patients with
 * their visits and stays. Safe to run again, also on another day: rows that exist are left alone.
 * Visit and stay dates are placed relative to `today` so that the demo looks current.
 */
export async function seedDemo(db: Database, options: { today?: string } = {}): Promise<SeedSummary> {
  const today = options.today ?? localToday();
  const demoPatients = generatePatients(patientCount);
  // Hashing is slow on purpose; do it before the transaction holds the database.
  const staffRows = await Promise.all(
    demoStaff.map(async (member) => ({
      ...member,
      passwordHash: await hashPassword(demoPassword(member.username)),
    })),
  );

  return db.transaction(async (tx) => {
    const summary: SeedSummary = {};

    summary.clinics = await insertNew(tx, clinics, [...demoClinics]);
    const clinicCodes = demoClinics.map((c) => c.code);
    const clinicRows = await tx
      .select({ id: clinics.id, code: clinics.code })
      .from(clinics)
      .where(inArray(clinics.code, clinicCodes));
    const clinicIds = new Map(clinicRows.map((c) => [c.code, c.id]));

    summary.doctors = await insertNew(
      tx,
      doctors,
      demoDoctors.map((d) => ({
        name: d.name,
        bpjsCode: d.bpjsCode,
        clinicId: required(clinicIds, d.clinic, 'clinic'),
      })),
    );
    const doctorCodes = demoDoctors.map((d) => d.bpjsCode);
    const doctorRows = await tx
      .select({ id: doctors.id, bpjsCode: doctors.bpjsCode })
      .from(doctors)
      .where(inArray(doctors.bpjsCode, doctorCodes));
    const doctorIds = new Map(doctorRows.map((d) => [d.bpjsCode, d.id]));
    summary.doctor_schedules = await seedSchedules(tx, clinicIds, doctorIds);
    summary.closed_dates = await seedClosedDates(tx, doctorIds, today);

    summary.rooms = await insertNew(
      tx,
      rooms,
      demoRooms.map((r) => ({
        code: r.code,
        name: r.name,
        class: r.class,
        capacity: r.capacity,
        sex: r.sex,
      })),
    );
    const roomCodes = demoRooms.map((r) => r.code);
    const roomRows = await tx
      .select({ id: rooms.id, code: rooms.code, capacity: rooms.capacity, sex: rooms.sex })
      .from(rooms)
      .where(inArray(rooms.code, roomCodes));

    summary.ambulance_tariffs = await insertNew(tx, ambulanceTariffs, [...demoAmbulanceTariffs]);
    summary.tariff_books = await insertNew(
      tx,
      tariffBooks,
      demoTariffBooks.map((b) => ({ code: b.code, name: b.name })),
    );
    summary.tariff_items = await seedTariffItems(tx);
    summary.staff = await insertNew(tx, staff, staffRows);
    summary.duty_posts = await seedDutyPosts(tx);
    const now = new Date();
    summary.attendance = await seedAttendance(tx, now);
    summary.roster_entries = await seedRoster(tx, now);

    summary.reference_codes = await insertNew(tx, referenceCodes, demoReferenceCodes());
    summary.patients = await insertNew(
      tx,
      patients,
      demoPatients.map(({ age: _age, ...row }) => row),
    );
    const mrns = demoPatients.map((p) => p.mrn);
    const patientRows = await tx
      .select({ id: patients.id, mrn: patients.mrn, nik: patients.nik, sex: patients.sex })
      .from(patients)
      .where(inArray(patients.mrn, mrns));
    // Demo visits and stays must never land on a real patient who happens to hold a demo number.
    const demoNik = new Map(demoPatients.map((p) => [p.mrn, p.nik]));
    const foreign = patientRows.filter((p) => p.nik !== demoNik.get(p.mrn));
    if (foreign.length > 0) {
      throw new Error(
        `Data demo tidak dimuat: nomor rekam medis ${foreign[0]?.mrn} (dan ${foreign.length - 1} lainnya) sudah dipakai pasien yang bukan pasien demo.`,
      );
    }
    const patientIds = new Map(patientRows.map((p) => [p.mrn, p.id]));

    summary.outpatient_visits = await insertNew(
      tx,
      outpatientVisits,
      generateVisits(demoPatients, today).map((v) => ({
        registrationNo: v.registrationNo,
        patientId: required(patientIds, v.mrn, 'patient'),
        clinicId: required(clinicIds, v.clinic, 'clinic'),
        doctorId: required(doctorIds, v.doctorBpjsCode, 'doctor'),
        visitDate: v.visitDate,
        diagnoses: v.diagnoses,
        cancelled: v.cancelled,
        vaccination: v.vaccination,
        notes: v.notes,
      })),
    );

    // Judge beds by the rows in the database, not by the demo plan: the wards may already hold
    // patients (an earlier run, real admissions) and a room's capacity or sex may have been edited.
    const roomIds = roomRows.map((r) => r.id);
    const occupied = await tx
      .select({ roomId: admissions.roomId, patients: count() })
      .from(admissions)
      .where(and(isCurrentStay(), inArray(admissions.roomId, roomIds)))
      .groupBy(admissions.roomId);
    const freeBeds = new Map(roomRows.map((r) => [r.id, r.capacity]));
    for (const o of occupied) freeBeds.set(o.roomId, (freeBeds.get(o.roomId) ?? 0) - o.patients);
    // Each current stay lies in a bed of its own: the lowest number no current stay of the room holds.
    const bedsTaken = new Map<number, Set<number>>();
    for (const { roomId, bed } of await tx
      .select({ roomId: admissions.roomId, bed: admissions.bed })
      .from(admissions)
      .where(and(isCurrentStay(), inArray(admissions.roomId, roomIds), isNotNull(admissions.bed)))) {
      bedsTaken.set(roomId, (bedsTaken.get(roomId) ?? new Set()).add(bed as number));
    }
    const nextBed = (roomId: number) => {
      const taken = bedsTaken.get(roomId) ?? new Set<number>();
      let bed = 1;
      while (taken.has(bed)) bed++;
      bedsTaken.set(roomId, taken.add(bed));
      return bed;
    };
    const roomsByCode = new Map(roomRows.map((r) => [r.code, r]));
    const patientSex = new Map(patientRows.map((p) => [p.mrn, p.sex]));

    const stays = planAdmissions(demoPatients, demoRooms, today).flatMap((a, index) => {
      const room = required(roomsByCode, a.room, 'room');
      if (room.sex !== null && room.sex !== patientSex.get(a.mrn)) return [];
      if (a.dischargedAt === null) {
        const free = freeBeds.get(room.id) ?? 0;
        if (free <= 0) return [];
        freeBeds.set(room.id, free - 1);
      }
      return [
        {
          registrationNo: a.registrationNo,
          patientId: required(patientIds, a.mrn, 'patient'),
          roomId: room.id,
          bed: a.dischargedAt === null ? nextBed(room.id) : null,
          dpjpId: doctorRows[index % doctorRows.length]?.id ?? null,
          admittedAt: a.admittedAt,
          dischargedAt: a.dischargedAt,
          // Most go home recovered; a few on their own request or referred on.
          dischargeReason:
            a.dischargedAt === null ? null : demoDischargeReasons[index % demoDischargeReasons.length],
          updatedAt: a.dischargedAt ?? a.admittedAt,
        },
      ];
    });
    summary.admissions = await insertNew(tx, admissions, stays);

    Object.assign(summary, await seedOrders(tx, today), await seedComplaints(tx, today));
    summary.survey_invitations = await seedSurveys(tx, today);
    summary.operations = await seedOperations(tx, today, demoPatients, patientIds, doctorIds);
    // Patients booking online get the numbers after the demo's.
    await syncMrnSequence(tx);
    return summary;
  });
}

const demoDischargeReasons = [
  'recovered',
  'recovered',
  'recovered',
  'recovered',
  'own_request',
  'recovered',
  'referred',
] as const;

/** Weekly schedules for the demo doctors who have none yet (an admin may have planned some already). */
async function seedSchedules(
  tx: Transaction,
  clinicIds: ReadonlyMap<string, number>,
  doctorIds: ReadonlyMap<string | null, number>,
): Promise<number> {
  const planned = new Set(
    (await tx.selectDistinct({ doctorId: doctorSchedules.doctorId }).from(doctorSchedules)).map(
      (r) => r.doctorId,
    ),
  );
  const clinicOf = new Map(demoDoctors.map((d) => [d.bpjsCode, d.clinic]));
  const rows = demoSchedules.flatMap(({ doctorBpjsCode, weekdays, start, end, ...quotas }) => {
    const doctorId = required(doctorIds, doctorBpjsCode, 'doctor');
    if (planned.has(doctorId)) return [];
    const clinicId = required(clinicIds, required(clinicOf, doctorBpjsCode, 'doctor clinic'), 'clinic');
    return weekdays.map((weekday) => ({
      clinicId,
      doctorId,
      weekday,
      startTime: start,
      endTime: end,
      ...quotas,
    }));
  });
  return insertNew(tx, doctorSchedules, rows);
}

/** National holidays, and one doctor's leave a week or so ahead, so that the booking calendar shows both. */
async function seedClosedDates(
  tx: Transaction,
  doctorIds: ReadonlyMap<string | null, number>,
  today: string,
) {
  const leaveDoctor = required(doctorIds, '251102', 'doctor');
  let leave = addDays(today, 7);
  while (![2, 4, 6].includes(isoWeekday(leave))) leave = addDays(leave, 1);
  const wanted = [
    ...demoHolidays.map((h) => ({ ...h, clinicId: null, doctorId: null })),
    { date: leave, reason: 'Cuti tahunan dokter', clinicId: null, doctorId: leaveDoctor },
  ];
  let inserted = 0;
  for (const row of wanted) {
    const [existing] = await tx
      .select({ id: closedDates.id })
      .from(closedDates)
      // The leave is planned once: on a later run it may lie in the past, as real leave does.
      .where(
        row.doctorId === null
          ? and(eq(closedDates.date, row.date), eq(closedDates.reason, row.reason))
          : eq(closedDates.doctorId, row.doctorId),
      );
    if (existing) continue;
    await tx.insert(closedDates).values(row);
    inserted++;
  }
  return inserted;
}

/** Inserts the rows that are not there yet (by any unique key) and counts the new ones. */
async function insertNew<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const created = await tx.insert(table).values(batch).onConflictDoNothing().returning();
    inserted += created.length;
  }
  return inserted;
}

function required<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: ${what} ${String(key)} is missing`);
  return value;
}

/** Tariff items have no natural key: a book gets its items only while it has none. */
async function seedTariffItems(tx: Transaction): Promise<number> {
  const bookCodes = demoTariffBooks.map((b) => b.code);
  const books = await tx
    .select({ id: tariffBooks.id, code: tariffBooks.code })
    .from(tariffBooks)
    .where(inArray(tariffBooks.code, bookCodes));
  const bookIds = books.map((b) => b.id);
  const filled = await tx
    .selectDistinct({ bookId: tariffItems.bookId })
    .from(tariffItems)
    .where(inArray(tariffItems.bookId, bookIds));
  const filledIds = new Set(filled.map((f) => f.bookId));

  const rows = books
    .filter((book) => !filledIds.has(book.id))
    .flatMap((book) => {
      const items = demoTariffBooks.find((b) => b.code === book.code)?.items ?? [];
      return items.flatMap((item) =>
        typeof item.price === 'number'
          ? [{ bookId: book.id, name: item.name, class: 'Umum', price: item.price }]
          : Object.entries(item.price).map(([careClass, price]) => ({
              bookId: book.id,
              name: item.name,
              class: careClass,
              price,
            })),
      );
    });
  return insertNew(tx, tariffItems, rows);
}

/** Each post starts with its demo officer, unless someone already holds it. */
async function seedDutyPosts(tx: Transaction): Promise<number> {
  const usernames = Object.values(demoDutyPosts);
  const holders = await tx
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(inArray(staff.username, usernames));
  const idOf = new Map(holders.map((h) => [h.username, h.id]));
  return insertNew(
    tx,
    dutyPosts,
    (['piket', 'cs'] as const).map((role) => ({
      role,
      staffId: required(idOf, demoDutyPosts[role], 'staff'),
    })),
  );
}

function momentOf(today: string, m: DemoMoment): Date {
  const [hour, minute] = m.time.split(':').map(Number) as [number, number];
  return localMoment(addDays(today, m.day), hour, minute);
}

/** Demo requests carry no client address; the throttle counts only the last minute anyway. */
const demoAddress = 'demo';

/**
 * The roster shift the demo's post holders are at work in: the latest that began an hour ago or more (the
 * attendance desk can close it at once), as its date, its shift and its start.
 */
function demoShift(now: Date): { date: string; shift: RosterShift; start: Date } {
  const today = localToday(now);
  const hourAgo = now.getTime() - 60 * 60_000;
  const begun = [addDays(today, -1), today]
    .flatMap((date) => rosterShifts.map((shift) => ({ date, shift, start: shiftWindow(date, shift).start })))
    .filter(({ start }) => start.getTime() <= hourAgo);
  return begun.reduce((latest, next) => (next.start > latest.start ? next : latest));
}

/**
 * The post holders (`demoDutyPosts`) clocked in at the start of `demoShift` and not yet out: the attendance
 * desk shows them at work, with a shift to close. Once: a member with any shift of their own is left alone,
 * so a run again does not open a shift they closed.
 */
async function seedAttendance(tx: Transaction, now: Date): Promise<number> {
  const ids = await demoStaffIds(tx);
  const clockIn = demoShift(now).start;
  let opened = 0;
  for (const username of Object.values(demoDutyPosts)) {
    const staffId = required(ids, username, 'staff');
    const [any] = await tx
      .select({ id: attendance.id })
      .from(attendance)
      .where(eq(attendance.staffId, staffId))
      .limit(1);
    if (!any) opened += await insertNew(tx, attendance, [{ staffId, clockIn, address: demoAddress }]);
  }
  return opened;
}

/**
 * Two weeks of the duty roster from `demoShift` on, the turns of `demoRosterTurns` a shift each: the post
 * holders in the shift they are at work in, nobody before it. Only into an empty roster: one an admin
 * planned is left as it is.
 */
async function seedRoster(tx: Transaction, now: Date): Promise<number> {
  const [planned] = await tx.select({ n: count() }).from(rosterEntries);
  if ((planned?.n ?? 0) > 0) return 0;
  const ids = await demoStaffIds(tx);
  const first = demoShift(now);
  const slots = Array.from({ length: 14 }, (_, day) => addDays(first.date, day))
    .flatMap((date) => rosterShifts.map((shift) => ({ date, shift })))
    .slice(rosterShifts.indexOf(first.shift));
  return insertNew(
    tx,
    rosterEntries,
    slots.flatMap(({ date, shift }, turn) =>
      dutyRoles.map((role) => {
        const turns = demoRosterTurns[role];
        return { date, shift, role, staffId: required(ids, turns[turn % turns.length] as string, 'staff') };
      }),
    ),
  );
}

async function demoStaffIds(tx: Transaction): Promise<Map<string, number>> {
  const usernames = demoStaff.map((s) => s.username);
  const rows = await tx
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(inArray(staff.username, usernames));
  return new Map(rows.flatMap((r) => (r.username === null ? [] : [[r.username, r.id] as const])));
}

/** Orders in every state, each with its timeline; an order already there is left alone. */
async function seedOrders(tx: Transaction, today: string): Promise<SeedSummary> {
  const at = (m: DemoMoment) => momentOf(today, m);
  const staffIds = await demoStaffIds(tx);
  let orderCount = 0;
  let eventCount = 0;
  for (const demo of demoOrders) {
    const first = demo.events[0];
    const last = demo.events.at(-1);
    if (!first || !last) throw new Error(`Demo seed: order ${demo.code} has no events`);
    const [created] = await tx
      .insert(orders)
      .values({
        code: demo.code,
        kind: demo.kind,
        status: last.status,
        requesterName: demo.requesterName,
        phone: demo.phone,
        patientName: demo.patientName,
        pickupAddress: demo.pickupAddress,
        destination: demo.destination,
        scheduledAt: at(demo.scheduledAt),
        notes: demo.notes,
        vehicle: demo.vehicle?.vehicle ?? null,
        driver: demo.vehicle?.driver ?? null,
        cancelReason: last.status === 'CANCELLED' ? (last.note ?? null) : null,
        createdAt: at(first.at),
        updatedAt: at(last.at),
        address: demoAddress,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!created) continue;
    orderCount += 1;
    eventCount += await insertNew(
      tx,
      orderEvents,
      demo.events.map((e) => ({
        orderId: created.id,
        status: e.status,
        note: e.note ?? null,
        staffId: e.by ? required(staffIds, e.by, 'staff') : null,
        at: at(e.at),
      })),
    );
  }
  return { orders: orderCount, order_events: eventCount };
}

/**
 * Satisfaction surveys of the demo's completed orders and resolved complaints: answered ones, so that the
 * admins' index shows something, and one still open under a fixed link (`/survei/DEMQ7SKM2AMBK4PX9RTW`), for
 * trying the form. A survey already there is left alone.
 */
async function seedSurveys(tx: Transaction, today: string): Promise<number> {
  const at = (m: DemoMoment) => momentOf(today, m);
  const codes = demoSurveys.map((survey) => survey.code);
  const [orderRows, complaintRows] = await Promise.all([
    tx.select({ id: orders.id, code: orders.code }).from(orders).where(inArray(orders.code, codes)),
    tx
      .select({ id: complaints.id, code: complaints.code })
      .from(complaints)
      .where(inArray(complaints.code, codes)),
  ]);
  const orderIds = new Map(orderRows.map((row) => [row.code, row.id]));
  const complaintIds = new Map(complaintRows.map((row) => [row.code, row.id]));
  const rows = demoSurveys.flatMap((survey) => {
    const orderId = orderIds.get(survey.code);
    const complaintId = complaintIds.get(survey.code);
    const source = orderId
      ? { unit: 'ambulance' as const, orderId }
      : complaintId
        ? { unit: 'complaints' as const, complaintId }
        : null;
    if (!source) return [];
    const [u1, u2, u3, u4, u5, u6, u7, u8, u9] = survey.answers ?? [];
    return [
      {
        token: survey.token,
        ...source,
        createdAt: at(survey.invitedAt),
        ...(survey.answers
          ? {
              u1,
              u2,
              u3,
              u4,
              u5,
              u6,
              u7,
              u8,
              u9,
              comment: survey.comment ?? null,
              submittedAt: at(survey.invitedAt),
            }
          : {}),
      },
    ];
  });
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(surveyInvitations)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: surveyInvitations.id });
  return inserted.length;
}

/** Complaints in every state with the hospital's answers; a complaint already there is left alone. */
async function seedComplaints(tx: Transaction, today: string): Promise<SeedSummary> {
  const at = (m: DemoMoment) => momentOf(today, m);
  const staffIds = await demoStaffIds(tx);
  let complaintCount = 0;
  let responseCount = 0;
  for (const demo of demoComplaints) {
    const lastAnswer = demo.responses.at(-1);
    const [created] = await tx
      .insert(complaints)
      .values({
        code: demo.code,
        category: demo.category,
        unit: demo.unit,
        name: demo.name,
        phone: demo.phone,
        message: demo.message,
        status: demo.status,
        createdAt: at(demo.createdAt),
        updatedAt: at(lastAnswer?.at ?? demo.createdAt),
        address: demoAddress,
      })
      .onConflictDoNothing()
      .returning({ id: complaints.id });
    if (!created) continue;
    complaintCount += 1;
    responseCount += await insertNew(
      tx,
      complaintResponses,
      demo.responses.map((r) => ({
        complaintId: created.id,
        message: r.message,
        staffId: required(staffIds, r.by, 'staff'),
        at: at(r.at),
      })),
    );
  }
  return { complaints: complaintCount, complaint_responses: responseCount };
}
