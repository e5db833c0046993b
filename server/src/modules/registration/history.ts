import type { PatientRegistrationPage } from '@portal/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { clinics, doctors, registrationSeps, registrations } from '../../db/schema/index.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { getPatient } from '../patients/service.js';
import { sepRef } from './sep.js';

// The bookings of one patient for the medical records desk: this module owns the bookings, the patients
// module the patient.

/**
 * A patient's outpatient bookings from every channel (website, kiosk, Mobile JKN, counter), cancelled
 * ones too, one page at a time: the latest visit date first, on one date the latest booked first. 404
 * for an unknown or deleted patient.
 */
export async function patientRegistrations(
  db: Database,
  patientId: number,
  query: { page: number; pageSize: number },
): Promise<PatientRegistrationPage> {
  await getPatient(db, patientId);
  const ofPatient = eq(registrations.patientId, patientId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: registrations.code,
        date: registrations.date,
        clinic: { id: clinics.id, code: clinics.code, name: clinics.name },
        doctor: { id: doctors.id, name: doctors.name },
        queueNumber: registrations.queueNumber,
        status: registrations.status,
        payer: registrations.payer,
        source: registrations.source,
        createdAt: registrations.createdAt,
        sepNo: registrationSeps.number,
        sepDate: registrationSeps.date,
      })
      .from(registrations)
      .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
      .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
      .leftJoin(registrationSeps, eq(registrationSeps.registrationId, registrations.id))
      .where(ofPatient)
      .orderBy(desc(registrations.date), desc(registrations.createdAt), desc(registrations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(registrations).where(ofPatient),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ code, createdAt, sepNo, sepDate, ...row }) => ({
      ...row,
      bookingCode: formatTrackingCode(code),
      sep: sepRef(sepNo, sepDate),
      createdAt: createdAt.toISOString(),
    })),
  };
}
