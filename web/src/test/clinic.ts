import type { AdminClinic, QueueDesk, QueueEntry, QueueSession } from '@portal/contract';

// Two clinics as the admin's clinic list shows them, and the queue desk of Poli Penyakit Dalam on 7 January
// 2030: an entry per queue number and dr. Andi Wijaya's morning session.

export const internalClinic: AdminClinic = {
  id: 1,
  code: 'INT',
  name: 'Poli Penyakit Dalam',
  bpjsCode: 'INT',
  queuePrefix: 'INT',
  active: true,
  notifyAhead: 3,
};

export const childrenClinic: AdminClinic = {
  id: 2,
  code: 'ANA',
  name: 'Poli Anak',
  bpjsCode: 'ANA',
  queuePrefix: 'ANA',
  active: true,
  notifyAhead: 3,
};

/** A time of 7 January 2030 in UTC: 01:00Z is 08.00 WIB. */
export const deskAt = (time: string) => `2030-01-07T${time}:00.000Z`;

/** The JKN booking with queue number INT-00`seq`, booked on the website, unless changed. */
export function queueEntry(seq: number, changes: Partial<QueueEntry> = {}): QueueEntry {
  return {
    bookingCode: `BKG${seq}-CODE`,
    queueNumber: `INT-00${seq}`,
    queueSeq: seq,
    status: 'BOOKED',
    payer: 'JKN',
    patient: { id: 100 + seq, mrn: `00012${seq}`, name: `Pasien ${seq}` },
    newPatient: false,
    provisional: false,
    source: 'WEB',
    bpjsUnchecked: false,
    bpjsProblem: null,
    sep: null,
    estimatedAt: deskAt(`0${seq}:00`),
    tasks: [],
    pharmacy: null,
    ...changes,
  };
}

/** dr. Andi Wijaya's morning session with `entries`. */
export function queueSession(
  entries: QueueEntry[],
  lastAction: QueueSession['lastAction'] = null,
): QueueSession {
  return {
    scheduleId: 11,
    doctor: { id: 5, name: 'dr. Andi Wijaya, Sp.PD' },
    start: '08:00',
    end: '12:00',
    quotaJkn: 20,
    usedJkn: 3,
    quotaNonJkn: 10,
    usedNonJkn: 1,
    lastAction,
    entries,
  };
}

/** The clinic's desk on the day with `session`. */
export const queueDesk = (session: QueueSession): QueueDesk => ({
  date: '2030-01-07',
  clinic: { id: internalClinic.id, code: internalClinic.code, name: internalClinic.name },
  sessions: [session],
  vclaim: true,
});
