import { addDays, daysBetween } from '../../lib/dates.js';
import { type ClinicCode, demoDoctors } from './demo-data/clinics.js';
import { childDiagnosesByClinic, diagnosesByClinic, immunisations } from './demo-data/diagnoses.js';
import type { DemoPatient } from './patients.js';
import { createRandom, type Random } from './random.js';

export interface DemoVisit {
  registrationNo: string;
  mrn: string;
  clinic: ClinicCode;
  doctorBpjsCode: string;
  visitDate: string;
  diagnoses: string[];
  cancelled: boolean;
  vaccination: number;
  notes: string | null;
}

/** How far back the visit history reaches. */
const historyDays = 547;

function clinicFor(rng: Random, patient: DemoPatient): ClinicCode {
  const { age, sex } = patient;
  if (age < 3) return 'ANA';
  if (age < 18) return rng.weighted<ClinicCode>({ ANA: 60, GIG: 10, THT: 10, KLT: 8, MAT: 6, BED: 6 });
  return rng.weighted<ClinicCode>({
    INT: 25,
    JAN: age >= 40 ? 12 : 3,
    OBG: sex === 'P' && age <= 50 ? 15 : 0,
    MAT: age >= 50 ? 10 : 5,
    ORT: age >= 45 ? 8 : 4,
    SAR: 8,
    BED: 8,
    GIG: 7,
    PAR: 6,
    THT: 5,
    KLT: 5,
  });
}

function diagnosesFor(rng: Random, clinic: ClinicCode, age: number, primary: string | undefined): string[] {
  const list = (age < 18 ? childDiagnosesByClinic[clinic] : undefined) ?? diagnosesByClinic[clinic];
  const first = primary ?? rng.pick(list);
  const second = rng.pick(list);
  return rng.chance(0.3) && second !== first ? [first, second] : [first];
}

/**
 * Two or three visits per patient within the last 18 months before `today`. Registration numbers
 * come from the MRN and the visit's place in the patient's history, never from the date, so a rerun
 * on another day finds the same numbers and adds nothing.
 */
export function generateVisits(patients: readonly DemoPatient[], today: string): DemoVisit[] {
  const rng = createRandom(547);
  return patients.flatMap((patient) => visitsOf(rng, patient, today));
}

/** The visits of one patient, oldest first (see generateVisits). */
export function visitsOf(rng: Random, patient: DemoPatient, today: string): DemoVisit[] {
  const visits: DemoVisit[] = [];
  const count = rng.chance(0.5) ? 2 : 3;
  const window = Math.max(0, Math.min(historyDays, daysBetween(patient.birthDate, today)));
  const offsets = Array.from({ length: count }, () => Math.floor(rng.next() * (window + 1))).sort(
    (a, b) => b - a,
  );
  let previous: DemoVisit | undefined;
  offsets.forEach((offset, index) => {
    // Most follow-up visits are a control at the same clinic for the same complaint.
    const followUp = previous !== undefined && !previous.cancelled && rng.chance(0.6);
    const clinic = followUp && previous ? previous.clinic : clinicFor(rng, patient);
    const doctors = demoDoctors.filter((d) => d.clinic === clinic);
    const visit: DemoVisit = {
      registrationNo: `RJ${patient.mrn}${String(index + 1).padStart(2, '0')}`,
      mrn: patient.mrn,
      clinic,
      doctorBpjsCode: rng.pick(doctors).bpjsCode,
      visitDate: addDays(today, -offset),
      diagnoses: [],
      cancelled: false,
      vaccination: 0,
      notes: null,
    };
    if (rng.chance(0.03)) {
      visit.cancelled = true;
      visit.notes = rng.pick([
        'Pasien tidak hadir',
        'Dibatalkan atas permintaan pasien',
        'Rujukan kedaluwarsa',
      ]);
    } else if (clinic === 'ANA' && patient.age <= 4 && rng.chance(0.5)) {
      visit.diagnoses = [rng.pick(immunisations)];
      visit.vaccination = rng.int(1, 3);
    } else {
      // A control after an immunisation is an ordinary sick visit, not the same dose again.
      const primary = followUp && previous?.vaccination === 0 ? previous.diagnoses[0] : undefined;
      visit.diagnoses = diagnosesFor(rng, clinic, patient.age, primary);
      if (followUp) visit.notes = 'Kontrol ulang';
      else if (patient.patientGroup !== 'UMUM' && rng.chance(0.4)) visit.notes = 'Rujukan dari FKTP';
    }
    visits.push(visit);
    previous = visit;
  });
  return visits;
}
