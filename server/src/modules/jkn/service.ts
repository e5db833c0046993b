import {
  jknCodes,
  normalizePhone,
  type JknBooking,
  type JknBookingRequest,
  type JknNewPatientRequest,
  type JknRemaining,
  type JknStatus,
  type JknStatusRequest,
} from '@portal/contract';
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, not, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  clinics,
  doctors,
  doctorSchedules,
  operations,
  outpatientVisits,
  patients,
  queueSessions,
  registrations,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { isoWeekday, localToday } from '../../lib/dates.js';
import { type BookingWindow, bookableSchedule } from '../clinics/booking-window.js';
import { mrnLookups, registerPatient } from '../patients/service.js';
import {
  bookPlace,
  cancelRegistration,
  checkIn,
  type BookingContext,
  findBooking,
  getRegistrationStatus,
  type RecordedBooking,
  servingNumber,
  statusLabels,
} from '../registration/service.js';
import { databaseReads } from '../registration/booking-reads.js';
import { BOOKING_NOTE, PHARMACY_NOTE } from '../registration/bpjs-reports.js';
import { pharmacyQueueStatus } from '../registration/pharmacy.js';
import { JknRefusal } from './envelope.js';
import { WriteThrough } from '../../simrs/write.js';

// The Mobile JKN services on the hospital's one registration engine: a booking from Mobile JKN takes
// the JKN quota of the same session and the next number of the same queue as one made on the website,
// at the kiosk or at the desk. BPJS's codes are mapped in `/jadwal-poli` (clinics and doctors).

const dayNames = ['SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU', 'MINGGU'];

/** Phones are stored as 08…; BPJS may send 62… or +62…. A number that is not a mobile one stays as sent. */
const localPhone = (phone: string) => normalizePhone(phone) ?? phone;

/**
 * The doctor's session BPJS means: the doctor by the BPJS code, the schedule at `jampraktek` on that
 * weekday in a clinic mapped to `kodepoli` (two of the hospital's clinics may share one BPJS poli).
 */
async function mappedSchedule(db: Database | Transaction, input: JknStatusRequest) {
  if (input.tanggalperiksa < localToday()) throw new JknRefusal('Tanggal Periksa Tidak Berlaku Mundur');
  const kodepoli = input.kodepoli.toUpperCase();
  const mappedClinic = and(eq(clinics.bpjsCode, kodepoli), isNull(clinics.deletedAt));
  const [known] = await db.select({ id: clinics.id }).from(clinics).where(mappedClinic).limit(1);
  if (!known) throw new JknRefusal('Poli Tidak Ditemukan');
  const [doctor] = await db
    .select({ id: doctors.id, name: doctors.name })
    .from(doctors)
    .where(and(eq(doctors.bpjsCode, String(input.kodedokter)), isNull(doctors.deletedAt)));
  if (!doctor) throw new JknRefusal('Dokter Tidak Ditemukan');
  const [start, end] = input.jampraktek.split('-').map((part) => part.trim()) as [string, string];
  const weekday = isoWeekday(input.tanggalperiksa);
  const [schedule] = await db
    .select({ id: doctorSchedules.id, clinic: { id: clinics.id, name: clinics.name } })
    .from(doctorSchedules)
    .innerJoin(clinics, eq(clinics.id, doctorSchedules.clinicId))
    .where(
      and(
        mappedClinic,
        eq(doctorSchedules.doctorId, doctor.id),
        eq(doctorSchedules.weekday, weekday),
        eq(doctorSchedules.startTime, start),
        eq(doctorSchedules.endTime, end),
        isNull(doctorSchedules.deletedAt),
      ),
    );
  if (!schedule) {
    throw new JknRefusal(
      `Jadwal Dokter ${doctor.name} Pada Hari ${dayNames[weekday - 1]} Jam ${start}-${end} Belum Tersedia`,
    );
  }
  return { clinic: schedule.clinic, doctor, scheduleId: schedule.id };
}

/** The places of a schedule on a date: the session's counters, or the schedule's quotas before its first booking. */
async function places(db: Database | Transaction, scheduleId: number, date: string) {
  const [row] = await db
    .select({
      sessionId: queueSessions.id,
      quotaJkn: sql<number>`coalesce(${queueSessions.quotaJkn}, ${doctorSchedules.quotaJkn})`.mapWith(Number),
      usedJkn: sql<number>`coalesce(${queueSessions.usedJkn}, 0)`.mapWith(Number),
      quotaNonJkn:
        sql<number>`coalesce(${queueSessions.quotaNonJkn}, ${doctorSchedules.quotaNonJkn})`.mapWith(Number),
      usedNonJkn: sql<number>`coalesce(${queueSessions.usedNonJkn}, 0)`.mapWith(Number),
    })
    .from(doctorSchedules)
    .leftJoin(
      queueSessions,
      and(eq(queueSessions.scheduleId, doctorSchedules.id), eq(queueSessions.date, date)),
    )
    .where(eq(doctorSchedules.id, scheduleId));
  if (!row) throw new JknRefusal('Jadwal dokter tidak ditemukan');
  return row;
}

const quotaFields = (p: { quotaJkn: number; usedJkn: number; quotaNonJkn: number; usedNonJkn: number }) => ({
  sisakuotajkn: p.quotaJkn - p.usedJkn,
  kuotajkn: p.quotaJkn,
  sisakuotanonjkn: p.quotaNonJkn - p.usedNonJkn,
  kuotanonjkn: p.quotaNonJkn,
});

/** `statusantrean`: how a session stands. */
export async function jknQueueStatus(
  db: Database,
  input: JknStatusRequest,
  window: BookingWindow,
): Promise<JknStatus> {
  return db.transaction(async (tx) => {
    const { clinic, doctor, scheduleId } = await mappedSchedule(tx, input);
    await bookableSchedule(databaseReads(tx).schedule, scheduleId, input.tanggalperiksa, window);
    const session = await places(tx, scheduleId, input.tanggalperiksa);
    let total = 0;
    let waiting = 0;
    let serving: string | null = null;
    if (session.sessionId !== null) {
      const [counts] = await tx
        .select({
          total: count(),
          waiting:
            sql<number>`count(*) filter (where ${registrations.status} in ('BOOKED', 'CHECKED_IN'))`.mapWith(
              Number,
            ),
        })
        .from(registrations)
        .where(and(eq(registrations.sessionId, session.sessionId), ne(registrations.status, 'CANCELLED')));
      total = counts?.total ?? 0;
      waiting = counts?.waiting ?? 0;
      serving = await servingNumber(tx, session.sessionId);
    }
    return {
      namapoli: clinic.name,
      namadokter: doctor.name,
      totalantrean: total,
      sisaantrean: waiting,
      antreanpanggil: serving ?? '-',
      ...quotaFields(session),
      keterangan: '',
    };
  });
}

/**
 * Refuses a referral or control letter that an active booking holds (booked, checked in or called, today
 * or later, on any channel), as Khanza and mLITE do: one letter, one visit in the queue at a time.
 */
async function refuseReferralInUse(db: Database, referralNo: string): Promise<void> {
  const [active] = await db
    .select({ date: registrations.date })
    .from(registrations)
    .where(
      and(
        eq(registrations.referralNo, referralNo),
        inArray(registrations.status, ['BOOKED', 'CHECKED_IN', 'CALLED']),
        gte(registrations.date, localToday()),
      ),
    )
    .limit(1);
  if (active)
    throw new JknRefusal(
      `Anda sudah terdaftar dalam antrian menggunakan nomor referensi yang sama ditanggal ${active.date}`,
    );
}

/**
 * `ambilantrean`: a place in the session through the same engine as every other booking. A patient
 * the hospital does not know (by NIK, else by JKN card) is answered 202: Mobile JKN then sends
 * `pasienbaru` and asks again.
 */
export async function jknBooking(
  db: Database,
  input: JknBookingRequest,
  context: BookingContext,
  address: string,
  /** Linked to a SIMRS: the booking is copied there in the same action (see `copyJknBooking`). */
  through = new WriteThrough(),
): Promise<JknBooking> {
  const visitType = Number(input.jeniskunjungan);
  if (![1, 2, 3, 4].includes(visitType)) throw new JknRefusal('Jenis Kunjungan tidak ditemukan');
  const jkn = input.nomorkartu !== '';
  if (jkn && input.nomorreferensi === '') throw new JknRefusal('Nomor Referensi tidak boleh kosong');
  if (input.nomorreferensi !== '') await refuseReferralInUse(db, input.nomorreferensi);
  const { clinic, doctor, scheduleId } = await mappedSchedule(db, input);
  const booked = await through.run(() =>
    bookPlace(
      db,
      {
        scheduleId,
        date: input.tanggalperiksa,
        payer: jkn ? 'JKN' : 'UMUM',
        phone: localPhone(input.nohp),
        bpjsCardNo: jkn ? input.nomorkartu : null,
        referralNo: input.nomorreferensi || null,
        visitType,
        source: 'MJKN',
        address,
      },
      {
        ...context,
        identify: (tx) => knownPatient(tx, input),
        ...(through.linked
          ? { record: (tx, booking) => copyJknBooking(tx, through, input, booking, address) }
          : {}),
      },
    ),
  );
  return {
    nomorantrean: booked.queueNumber,
    angkaantrean: booked.queueSeq,
    kodebooking: booked.bookingCode,
    norm: booked.mrn,
    namapoli: clinic.name,
    namadokter: doctor.name,
    estimasidilayani: Date.parse(booked.estimatedAt),
    ...quotaFields(booked.places),
    keterangan: BOOKING_NOTE,
  };
}

/**
 * A Mobile JKN booking's copy in a linked SIMRS (`ntrol_referensi_mobilejkn_bpjs`), as the legacy portal kept
 * it for the SIMRS's side, under the booking code BPJS knows; audited as a write-through.
 */
async function copyJknBooking(
  tx: Transaction,
  through: WriteThrough,
  input: JknBookingRequest,
  booking: RecordedBooking,
  address: string,
) {
  const written = await through.jknBooking({
    nobooking: formatTrackingCode(booking.code),
    norm: booking.mrn,
    nik: input.nik,
    tanggalperiksa: input.tanggalperiksa,
    kodepoli: input.kodepoli.toUpperCase(),
    kodedokter: String(input.kodedokter),
    jampraktek: input.jampraktek,
    nomorantrean: booking.queueNumber,
    angkaantrean: booking.queueSeq,
    jeniskunjungan: Number(input.jeniskunjungan),
    nomorreferensi: input.nomorreferensi || null,
    nomorkartu: input.nomorkartu || null,
    nohp: localPhone(input.nohp),
    jenispasien: input.nomorkartu !== '' ? 'JKN' : 'NON JKN',
    estimasidilayani: booking.estimatedAt.getTime(),
    ...quotaFields(booking.places),
    taskid: null,
    status: statusLabels[booking.status],
  });
  await audit(
    tx,
    { staffId: null, address },
    'simrs.write',
    { type: 'registration', id: booking.code },
    { ...written },
  );
}

async function knownPatient(tx: Database | Transaction, input: JknBookingRequest) {
  const columns = {
    id: patients.id,
    mrn: patients.mrn,
    name: patients.name,
    sex: patients.sex,
    birthDate: patients.birthDate,
    nik: patients.nik,
    insuranceNo: patients.insuranceNo,
  };
  // A provisional record (a public booking's, not yet seen at the counter) is nobody's yet.
  const alive = and(isNull(patients.deletedAt), not(patients.provisional));
  let [patient] = await tx
    .select(columns)
    .from(patients)
    .where(and(eq(patients.nik, input.nik), alive));
  if (!patient && input.nomorkartu) {
    [patient] = await tx
      .select(columns)
      .from(patients)
      .where(and(eq(patients.insuranceNo, input.nomorkartu), alive))
      .limit(1);
  }
  if (!patient) throw new JknRefusal('Data pasien ini tidak ditemukan', undefined, jknCodes.newPatient);
  if (input.norm && !mrnLookups(input.norm).includes(patient.mrn)) {
    throw new JknRefusal('Nomor RM tidak sesuai dengan NIK pasien');
  }
  // A JKN booking on someone else's card would be billed to that member.
  if (input.nomorkartu && patient.insuranceNo && input.nomorkartu !== patient.insuranceNo) {
    throw new JknRefusal('Nomor Kartu tidak sesuai dengan data pasien');
  }
  // Never served at the hospital (just registered by `pasienbaru`, or its bookings cancelled or missed):
  // the admission counter first (tasks 1–2).
  const [seen] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.patientId, patient.id), eq(registrations.status, 'SERVED')))
    .union(
      tx
        .select({ id: outpatientVisits.id })
        .from(outpatientVisits)
        .where(and(eq(outpatientVisits.patientId, patient.id), isNull(outpatientVisits.deletedAt))),
    )
    .limit(1);
  const { insuranceNo: _card, ...record } = patient;
  return { ...record, created: !seen };
}

/** The engine says "not found" for a code it cannot read or does not know; BPJS's word is "Antrean". */
async function withBooking<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw new JknRefusal('Antrean Tidak Ditemukan');
    throw err;
  }
}

/** `sisaantrean`: patients ahead of a booking and the number being served. */
export async function jknRemaining(db: Database, kodebooking: string): Promise<JknRemaining> {
  const [status, booking] = await withBooking(() =>
    Promise.all([getRegistrationStatus(db, kodebooking), findBooking(db, kodebooking)]),
  );
  if (status.status === 'CANCELLED') throw new JknRefusal('Antrean Sudah Dibatalkan');
  return {
    nomorantrean: status.queueNumber,
    namapoli: status.clinic.name,
    namadokter: status.doctor.name,
    sisaantrean: status.waitingAhead,
    antreanpanggil: status.serving ?? '-',
    waktutunggu: status.waitingAhead * booking.minutesPerPatient * 60,
    keterangan: '',
  };
}

/** `batalantrean`: the same cancellation as on the status page; BPJS's reason goes into the report. */
export async function cancelJknBooking(
  db: Database,
  input: { kodebooking: string; keterangan: string },
  through = new WriteThrough(),
) {
  await withBooking(() => cancelRegistration(db, input.kodebooking, input.keterangan, through));
}

/** `checkinantrean`: the patient arrived; `waktu` must fall on the day of the visit. */
export async function checkInJknBooking(
  db: Database,
  input: { kodebooking: string; waktu: number | string },
  through = new WriteThrough(),
) {
  const day = localToday(new Date(Number(input.waktu)));
  if (day < localToday()) throw new JknRefusal('Waktu Checkin tidak berlaku mundur');
  const status = await withBooking(() => getRegistrationStatus(db, input.kodebooking));
  if (day !== status.date) throw new JknRefusal('Check-in hanya bisa dilakukan pada hari kunjungan');
  await withBooking(() => checkIn(db, input.kodebooking, through));
}

/** `pasienbaru`: a new patient with the next medical record number and every address field BPJS sends. */
export async function registerJknPatient(
  db: Database,
  input: JknNewPatientRequest,
  /** Linked to a SIMRS: the patient is written there first, under its number (see `insertNewPatient`). */
  through = new WriteThrough(),
): Promise<{ norm: string }> {
  if (input.tanggallahir > localToday()) throw new JknRefusal('Tanggal lahir pasien salah');
  const created = await through.run(() =>
    db.transaction((tx) =>
      registerPatient(
        tx,
        {
          nik: input.nik,
          name: input.nama,
          sex: input.jeniskelamin,
          birthDate: input.tanggallahir,
          phone: localPhone(input.nohp),
          address: input.alamat,
          insuranceNo: input.nomorkartu,
          familyCardNo: input.nomorkk,
          provinceCode: input.kodeprop,
          provinceName: input.namaprop,
          regencyCode: input.kodedati2,
          regencyName: input.namadati2,
          districtCode: input.kodekec,
          districtName: input.namakec,
          villageCode: input.kodekel,
          villageName: input.namakel,
          rw: input.rw,
          rt: input.rt,
        },
        through,
      ),
    ),
  );
  if (!created) throw new JknRefusal('Pasien dengan NIK atau No.Kartu tersebut sudah terdaftar');
  return { norm: created.mrn };
}

/** An operation as BPJS names it: the booking code is the operation's own number. */
const operationColumns = {
  id: operations.id,
  date: operations.date,
  procedure: operations.procedure,
  status: operations.status,
  updatedAt: operations.updatedAt,
  clinicCode: clinics.bpjsCode,
  clinicName: clinics.name,
  cardNo: patients.insuranceNo,
};

function operationRows(db: Database) {
  return db
    .select(operationColumns)
    .from(operations)
    .innerJoin(patients, eq(patients.id, operations.patientId))
    .leftJoin(doctors, eq(doctors.id, operations.surgeonId))
    .leftJoin(clinics, eq(clinics.id, doctors.clinicId))
    .$dynamic();
}

type OperationRow = Awaited<ReturnType<ReturnType<typeof operationRows>['execute']>>[number];

const toJknOperation = (row: OperationRow) => ({
  kodebooking: `OP${String(row.id).padStart(6, '0')}`,
  tanggaloperasi: row.date,
  jenistindakan: row.procedure,
  kodepoli: row.clinicCode ?? '',
  namapoli: row.clinicName ?? '',
  terlaksana: row.status === 'Selesai' ? 1 : 0,
});

const scheduled = and(eq(operations.cancelled, false), isNull(operations.deletedAt));

/** `jadwaloperasirs`: the operating schedule between two dates, without patient names. */
export async function jknOperations(db: Database, input: { tanggalawal: string; tanggalakhir: string }) {
  const today = localToday();
  if (input.tanggalawal < today) throw new JknRefusal('Tanggal Awal tidak berlaku mundur');
  if (input.tanggalakhir < input.tanggalawal) {
    throw new JknRefusal('Tanggal Awal harus lebih kecil atau sama dengan Tanggal Akhir');
  }
  const rows = await operationRows(db)
    .where(and(scheduled, gte(operations.date, input.tanggalawal), lte(operations.date, input.tanggalakhir)))
    .orderBy(asc(operations.date), asc(operations.queueOrder));
  if (rows.length === 0) throw new JknRefusal('Maaf tidak ada Jadwal Operasi pada tanggal tersebut');
  return {
    list: rows.map((row) => ({
      ...toJknOperation(row),
      nopeserta: row.cardNo ?? '',
      lastupdate: row.updatedAt.getTime(),
    })),
  };
}

/** `jadwaloperasipasien`: a JKN member's operations from today on. */
export async function jknPatientOperations(db: Database, nopeserta: string) {
  const rows = await operationRows(db)
    .where(and(scheduled, eq(patients.insuranceNo, nopeserta), gte(operations.date, localToday())))
    .orderBy(asc(operations.date), asc(operations.queueOrder));
  if (rows.length === 0) throw new JknRefusal('Maaf anda tidak memiliki jadwal operasi');
  return { list: rows.map(toJknOperation) };
}

const prescriptionLabel = (type: string) => (type === 'racikan' ? 'Racikan' : 'Non Racikan');

/** The pharmacy's queue of a booking, once the clinic has sent its prescription. */
async function pharmacyOf(db: Database, kodebooking: string) {
  const status = await withBooking(() => pharmacyQueueStatus(db, kodebooking));
  const { booking } = status;
  if (booking.status === 'CANCELLED' || booking.status === 'NO_SHOW') {
    throw new JknRefusal('Booking Anda Sudah Dibatalkan.');
  }
  if (booking.status === 'BOOKED') throw new JknRefusal('Anda Belum Melakukan Checkin.');
  if (booking.prescriptionType === null || booking.pharmacySeq === null) {
    throw new JknRefusal(
      'Anda tidak memiliki resep dari dokter yang anda tuju, silahkan konfirmasi petugas poli',
    );
  }
  return { ...status, type: booking.prescriptionType, number: booking.pharmacySeq };
}

/** `ambilantreanfarmasi`: the pharmacy number the clinic gave the prescription. */
export async function jknPharmacyBooking(db: Database, kodebooking: string) {
  const pharmacy = await pharmacyOf(db, kodebooking);
  return {
    jenisresep: prescriptionLabel(pharmacy.type),
    nomorantrean: pharmacy.number,
    keterangan: PHARMACY_NOTE,
  };
}

/** `statusantreanfarmasi`: how many prescriptions of the day, how many ahead, which one is being made. */
export async function jknPharmacyStatus(db: Database, kodebooking: string) {
  const pharmacy = await pharmacyOf(db, kodebooking);
  return {
    jenisresep: prescriptionLabel(pharmacy.type),
    totalantrean: pharmacy.total,
    sisaantrean: pharmacy.ahead,
    antreanpanggil: pharmacy.serving,
    keterangan: '',
  };
}
