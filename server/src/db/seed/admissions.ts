import { addDays, daysBetween, localMoment } from '../../lib/dates.js';
import type { DemoRoom } from './demo-data/wards.js';
import type { DemoPatient } from './patients.js';
import { createRandom } from './random.js';

export interface DemoAdmission {
  registrationNo: string;
  mrn: string;
  room: string;
  admittedAt: Date;
  dischargedAt: Date | null;
}

const pastAdmissionCount = 80;

function fits(room: DemoRoom, patient: DemoPatient): boolean {
  return (
    (room.sex === undefined || room.sex === patient.sex) &&
    patient.age >= room.ages[0] &&
    patient.age <= room.ages[1]
  );
}

/**
 * Current stays fill each room to its demo occupancy; past stays lie within the last 18 months.
 * Each patient gets at most one stay, so stays never overlap and nobody lies in two beds.
 */
export function planAdmissions(
  patients: readonly DemoPatient[],
  rooms: readonly DemoRoom[],
  today: string,
): DemoAdmission[] {
  const rng = createRandom(1945);
  const pool = rng.shuffle(patients);
  const used = new Set<string>();
  const take = (accept: (p: DemoPatient) => boolean) => {
    const patient = pool.find((p) => !used.has(p.mrn) && accept(p));
    if (patient) used.add(patient.mrn);
    return patient;
  };
  const registrationNo = (patient: DemoPatient) => `RI${patient.mrn}01`;
  const plan: DemoAdmission[] = [];

  for (const room of rooms) {
    for (let bed = 0; bed < room.occupied; bed++) {
      const patient = take((p) => fits(room, p));
      if (!patient) throw new Error(`Too few demo patients fit room ${room.code}`);
      const admitted = addDays(today, -rng.int(1, 9));
      plan.push({
        registrationNo: registrationNo(patient),
        mrn: patient.mrn,
        room: room.code,
        admittedAt: localMoment(admitted, rng.int(7, 22), rng.int(0, 59)),
        dischargedAt: null,
      });
    }
  }

  for (let i = 0; i < pastAdmissionCount; i++) {
    // Patients under one are left out: a stay two weeks or more back must still begin after birth.
    const patient = take((p) => p.age >= 1 && rooms.some((room) => fits(room, p)));
    if (!patient) break;
    const room = rng.pick(rooms.filter((r) => fits(r, patient)));
    const window = Math.min(540, daysBetween(patient.birthDate, today));
    const admitted = addDays(today, -rng.int(14, window));
    const discharged = addDays(admitted, rng.int(2, 10));
    plan.push({
      registrationNo: registrationNo(patient),
      mrn: patient.mrn,
      room: room.code,
      admittedAt: localMoment(admitted, rng.int(7, 22), rng.int(0, 59)),
      dischargedAt: localMoment(discharged, rng.int(9, 14), rng.int(0, 59)),
    });
  }
  return plan;
}
