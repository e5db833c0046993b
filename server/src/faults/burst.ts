import type {
  DeskOrderDetail,
  DeskOrderPage,
  OrderKind,
  OrderStatus,
  Payer,
  QueueAction,
  RegistrationCreated,
  RegistrationRequest,
} from '@portal/contract';
import type { Database } from '../db/client.js';
import { localToday } from '../lib/dates.js';
import {
  ambulanceOrderBody,
  createPatients,
  createSchedule,
  createStaffMember,
  freshNik,
  type TestSchedule,
  type TestStaff,
  webBooking,
} from '../test/factories.js';
import { type Answer, type Call, send, sleep } from './http.js';

// A busy morning sent to a server process over HTTP: patients booking (some new to the hospital, some
// paying with JKN) and cancelling, families ordering ambulances and hearses, the registration desk
// checking patients in, calling and serving them, the orders desk assigning, confirming, finishing and
// cancelling orders. Every answer with a 2xx is recorded: what the server acknowledged.

export interface Hospital {
  schedules: TestSchedule[];
  patients: { mrn: string; birthDate: string; phone: string | null }[];
  /** The registration and orders desk. */
  clerk: TestStaff;
  /** The on-duty officer: new orders go to this phone. */
  officer: TestStaff;
}

/**
 * Four doctor sessions today (one small enough to fill up, so that refused bookings happen too), a clerk,
 * an officer on duty and `patientCount` patients on record.
 */
export async function prepareHospital(db: Database, patientCount: number): Promise<Hospital> {
  const schedules = [
    await createSchedule(db, { quotaJkn: 4, quotaNonJkn: 8 }),
    await createSchedule(db, { quotaJkn: 100, quotaNonJkn: 200 }),
    await createSchedule(db, { quotaJkn: 100, quotaNonJkn: 200 }),
    await createSchedule(db, { quotaJkn: 100, quotaNonJkn: 200 }),
  ];
  const clerk = await createStaffMember(db, {
    roles: ['registration', 'orders'],
    name: 'Petugas Loket Pagi',
  });
  const officer = await createStaffMember(db, {
    roles: ['piket'],
    onDuty: 'piket',
    name: 'Serda Piket Pagi',
  });
  const patients = await createPatients(db, patientCount);
  return { schedules, patients, clerk, officer };
}

/** What the server answered with a 2xx. */
export type Acknowledged =
  | { kind: 'booking'; code: string; queueSeq: number }
  | { kind: 'order'; code: string; orderKind: OrderKind }
  | { kind: 'cancel'; code: string }
  | { kind: 'desk'; code: string; action: QueueAction; taskId: number }
  | { kind: 'order-desk'; orderId: number; eventId: number; status: OrderStatus };

export interface Burst {
  acknowledged: Acknowledged[];
  /** Requests sent, and the answers by status (reads and refusals included). */
  sent: number;
  statuses: Map<number, number>;
  /** Requests under way when the burst stopped that got no answer (the server was killed). */
  unanswered: number;
}

const JKN = { bpjsCardNo: '0001234567890', referralNo: '0301R0011124B000123' };
/** The BPJS task a desk action stamps (check-in: 1 for a patient new to the hospital, else 3). */
const deskTask: Record<Exclude<QueueAction, 'check-in'>, number> = {
  'admission-start': 2,
  'admission-end': 3,
  call: 4,
  serve: 5,
  'no-show': 99,
  'pharmacy-start': 6,
  'pharmacy-done': 7,
};

type OrderStep = { assign: true } | { status: Exclude<OrderStatus, 'NEW'>; note?: string };

/** New patients of a test file: each books with a NIK of their own. */
let newPatients = 0;

/** What the booking form sends for someone new to the hospital, who gets a medical record number with it. */
export function newPatientBooking(schedule: { id: number }, date: string): RegistrationRequest {
  newPatients += 1;
  return {
    scheduleId: schedule.id,
    date,
    payer: 'UMUM',
    phone: '081355550000',
    patient: {
      newPatient: {
        nik: freshNik(),
        name: `Pasien Baru ${newPatients}`,
        birthDate: '1990-03-14',
        sex: newPatients % 2 ? 'L' : 'P',
        address: 'Jl. Urip Sumoharjo No. 7, Makassar',
      },
    },
  };
}

/**
 * Sends the morning to `base` until `stopAfter` requests were acknowledged, then calls `atStop` (which
 * may kill the server) and waits for every request under way to be answered or cut off. Each patient on
 * record in `hospital` books once, in whichever burst comes first.
 */
export async function runBurst(
  base: string,
  hospital: Hospital,
  deskHeaders: Record<string, string>,
  { stopAfter, atStop, callers = 12 }: { stopAfter: number; atStop: () => void; callers?: number },
): Promise<Burst> {
  const today = localToday();
  const burst: Burst = { acknowledged: [], sent: 0, statuses: new Map(), unanswered: 0 };
  let stopped = false;
  let addresses = 0;
  const address = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  /** One request; a 2xx is acknowledged with what `record` makes of the body. */
  const request = async (
    method: string,
    path: string,
    call: Call,
    record?: (body: never) => Acknowledged,
  ): Promise<Answer | undefined> => {
    burst.sent += 1;
    let answer: Answer;
    try {
      answer = await send(base, method, path, call);
    } catch (err) {
      if (!stopped) throw err;
      burst.unanswered += 1;
      return undefined;
    }
    burst.statuses.set(answer.status, (burst.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300 && record) {
      burst.acknowledged.push(record(answer.body as never));
      if (!stopped && burst.acknowledged.length >= stopAfter) {
        stopped = true;
        atStop();
      }
    }
    return answer;
  };
  const ok = (answer: Answer | undefined) => answer !== undefined && answer.status < 300;

  const deskWork: { code: string; steps: QueueAction[]; newPatient: boolean }[] = [];
  const cancels: string[] = [];
  let bookings = 0;
  const book = async () => {
    const i = bookings++;
    const schedule = hospital.schedules[i % hospital.schedules.length] as TestSchedule;
    const known = i % 5 !== 4 ? hospital.patients.shift() : undefined;
    const payer: Payer = i % 3 === 0 ? 'JKN' : 'UMUM';
    const body = known ? webBooking(schedule, known, today) : newPatientBooking(schedule, today);
    const answer = await request(
      'POST',
      '/api/registrations',
      {
        body: { ...body, payer, ...(payer === 'JKN' ? JKN : {}) },
        headers: { 'x-forwarded-for': address() },
      },
      (created: RegistrationCreated) => ({
        kind: 'booking',
        code: created.bookingCode,
        queueSeq: created.queueSeq,
      }),
    );
    if (!ok(answer)) return;
    const created = answer?.body as RegistrationCreated;
    if (i % 6 === 1) cancels.push(created.bookingCode);
    else {
      const steps: QueueAction[] = created.newPatient
        ? ['check-in', 'admission-start', 'admission-end', 'call', 'serve']
        : ['check-in', 'call', 'serve'];
      deskWork.push({ code: created.bookingCode, steps, newPatient: created.newPatient });
    }
  };

  let orders = 0;
  const order = async () => {
    const i = orders++;
    const kind: OrderKind = i % 2 ? 'hearse' : 'ambulance';
    const { patientName, ...fields } = ambulanceOrderBody({ requesterName: `Keluarga ${i}` });
    await request(
      'POST',
      kind === 'ambulance' ? '/api/ambulance-orders' : '/api/hearse-orders',
      {
        body: kind === 'ambulance' ? { ...fields, patientName } : { ...fields, deceasedName: patientName },
        headers: { 'x-forwarded-for': address() },
      },
      (created: { code: string }) => ({ kind: 'order', code: created.code, orderKind: kind }),
    );
  };

  const cancel = (code: string) =>
    request(
      'POST',
      `/api/registrations/${code}/cancel`,
      { headers: { 'x-forwarded-for': address() } },
      () => ({ kind: 'cancel', code }),
    );

  const publicCaller = async () => {
    for (let n = 0; !stopped; n++) {
      const code = n % 3 === 2 ? cancels.shift() : undefined;
      if (code) await cancel(code);
      else if (n % 4 === 3) await order();
      else await book();
    }
  };

  const queueDesk = async () => {
    while (!stopped) {
      const work = deskWork.shift();
      if (!work) {
        await sleep(5);
        continue;
      }
      const [action, ...rest] = work.steps as [QueueAction, ...QueueAction[]];
      const taskId = action === 'check-in' ? (work.newPatient ? 1 : 3) : deskTask[action];
      const answer = await request(
        'POST',
        `/api/queue/desk/registrations/${work.code}/${action}`,
        { headers: deskHeaders },
        () => ({ kind: 'desk', code: work.code, action, taskId }),
      );
      if (ok(answer) && rest.length > 0) deskWork.push({ ...work, steps: rest });
    }
  };

  const orderWork: { id: number; steps: OrderStep[] }[] = [];
  const taken = new Set<number>();
  const ordersDesk = async () => {
    while (!stopped) {
      const work = orderWork.shift();
      if (!work) {
        const answer = await request('GET', '/api/desk/orders?status=NEW&pageSize=100', {
          headers: deskHeaders,
        });
        for (const item of ok(answer) ? (answer?.body as DeskOrderPage).items : []) {
          if (taken.has(item.id)) continue;
          taken.add(item.id);
          orderWork.push({
            id: item.id,
            steps:
              item.id % 4 === 0
                ? [{ status: 'CANCELLED', note: 'Keluarga membatalkan pesanan.' }]
                : [{ assign: true }, { status: 'CONFIRMED' }, { status: 'ON_THE_WAY' }, { status: 'DONE' }],
          });
        }
        if (orderWork.length === 0) await sleep(20);
        continue;
      }
      const [step, ...rest] = work.steps as [OrderStep, ...OrderStep[]];
      const assign = 'assign' in step;
      const answer = await request(
        'POST',
        `/api/desk/orders/${work.id}/${assign ? 'assignment' : 'status'}`,
        {
          headers: deskHeaders,
          body: assign ? { vehicle: `DD ${1000 + work.id} KB`, driver: 'Pak Baso' } : step,
        },
        (detail: DeskOrderDetail) => ({
          kind: 'order-desk',
          orderId: work.id,
          eventId: detail.history.at(-1)?.id ?? 0,
          status: detail.status,
        }),
      );
      if (ok(answer) && rest.length > 0) orderWork.push({ ...work, steps: rest });
    }
  };

  await Promise.all([
    ...Array.from({ length: callers }, publicCaller),
    queueDesk(),
    queueDesk(),
    ordersDesk(),
  ]);
  return burst;
}
