import { createServer, type Server, Socket } from 'node:net';
import type {
  PatientSearchRow,
  PatientVisit,
  RoomList,
  SimrsFreshness,
  SystemStatus,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, rooms as roomsSchema } from '../db/schema/index.js';
import { startFakeBpjs } from '../fake-bpjs/server.js';
import { localToday } from '../lib/dates.js';
import { createTestApp, eventually, ok, type TestApp } from '../test/app.js';
import { loginAsNew, type StaffLogin } from '../test/factories.js';
import { mobileJknCaller, newJknPatient } from '../test/jkn.js';
import { createTestSimrs, type TestSimrs } from '../test/simrs.js';
import { linkInstallStatements, linkRound, linkStatus, runStatements } from './link.js';

// The linked mode against a real SIMRS (MariaDB, TEST_MARIADB_URL) holding the small legacy sample:
// the first mirror, then what the SIMRS changes afterwards, as a clerk finds it in the patient search.

let simrs: TestSimrs;
let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  simrs = await createTestSimrs({ sample: true });
  await runStatements(simrs.client, await linkInstallStatements(simrs.client));
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration', 'records'] });
});
afterAll(async () => {
  await t?.app.close();
  await simrs?.drop();
});

/** Rounds until the link has nothing more to do at once. */
async function catchUp(chunk?: number) {
  for (let round = 0; round < 500; round++) {
    const { more } = await linkRound(t.database.db, simrs.client, { chunk });
    if (!more) return;
  }
  throw new Error('the link never caught up');
}

const search = async (q: string) =>
  ok<PatientSearchRow[]>(
    await t.app.inject({ url: `/api/patients?name=${encodeURIComponent(q)}`, headers: clerk.headers }),
  );

const simrsCount = async (table: string) => {
  const [row] = await simrs.client.rows<{ n: number }>('select count(*) as n from ??', [table]);
  return Number(row?.n);
};

describe('the SIMRS link (MariaDB)', () => {
  it('mirrors every table in chunks that an interruption does not lose, then says the copy is current', async () => {
    // Seven records a statement: the patients take several rounds; stopping between rounds loses nothing.
    for (let round = 0; round < 5; round++) await linkRound(t.database.db, simrs.client, { chunk: 7 });
    const midway = await linkStatus(t.database.db);
    expect(midway.some((table) => !table.fullDone)).toBe(true);
    // A table the first mirror has not reached yet is listed and not current (nor, then, is the copy).
    expect(midway.find((table) => table.table === 'bil_rj_xbjalan')).toMatchObject({
      fullDone: false,
      syncedAt: null,
    });
    await catchUp(7);

    const status = await linkStatus(t.database.db);
    const patients = status.find((table) => table.table === 'master_pasien');
    expect(patients?.fullDone).toBe(true);
    // Every SIMRS record was read once: taken, or turned away by the importer's rules.
    expect((patients?.rowsMirrored ?? 0) + (patients?.rowsRejected ?? 0)).toBe(
      await simrsCount('master_pasien'),
    );
    expect(
      status.every((table) => table.fullDone && table.lagSeconds !== null && table.lagSeconds < 60),
    ).toBe(true);
    expect(status.map((table) => table.table)).toContain('bil_rj_xbjalan');
    expect(status.map((table) => table.table)).not.toContain('bhpdet_dbs');
  });

  it('shows a patient the SIMRS adds, changes, deletes by its mark and removes, at the next round', async () => {
    await catchUp();
    await simrs.client.run(
      `insert into master_pasien (kode, nama, kelamin, tglahir, alamat1) values (?, ?, ?, ?, ?)`,
      ['090001', 'Wa Ode Sitti Rahmah', 'P', '1979-06-15', 'Jl. Sultan Hasanuddin 9'],
    );
    await simrs.client.run(`insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)`, [
      '090002',
      'La Ode Muhammad Kaimudin',
      'L',
      '1965-02-01',
    ]);
    await catchUp();
    const [added] = await search('Wa Ode Sitti');
    expect(added).toMatchObject({ mrn: '090001', name: 'Wa Ode Sitti Rahmah' });
    expect(await search('Kaimudin')).toHaveLength(1);
    // What the portal alone keeps (master_pasien has no column for it), asked at the counter.
    const portalOnly = {
      motherName: 'Wa Ode Hadijah',
      occupation: 'Pedagang',
      districtName: 'Wolio',
      villageName: 'Batulo',
      rt: '003',
      rw: '001',
    };
    await t.database.db.update(patients).set(portalOnly).where(eq(patients.mrn, '090001'));

    await simrs.client.run('update master_pasien set nama = ? where kode = ?', [
      'Wa Ode Sitti Rahmawati',
      '090001',
    ]);
    await catchUp();
    expect((await search('Wa Ode Sitti'))[0]?.name).toBe('Wa Ode Sitti Rahmawati');
    // The SIMRS's change is taken; the portal's own fields stay.
    const [mirrored] = await t.database.db.select().from(patients).where(eq(patients.mrn, '090001'));
    expect(mirrored).toMatchObject(portalOnly);

    await simrs.client.run(`update master_pasien set sr_deleted = 'T' where kode = ?`, ['090001']);
    await simrs.client.run('delete from master_pasien where kode = ?', ['090002']);
    await catchUp();
    expect(await search('Wa Ode Sitti')).toHaveLength(0);
    expect(await search('Kaimudin')).toHaveLength(0);
    // What the link applied is gone from the SIMRS's change log.
    expect(await simrsCount('portal_changes')).toBe(0);
  });

  it('shows a visit the SIMRS records on the patient’s page at the next round', async () => {
    await simrs.client.run(`insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)`, [
      '090003',
      'Baso Tangngareng',
      'L',
      '1958-11-30',
    ]);
    await catchUp();
    const [patient] = await search('Baso Tangngareng');
    if (!patient) throw new Error('the SIMRS’s patient is not in the portal');
    await simrs.client.run(
      `insert into bil_rj_xbjalan (noreg, norekmed, tglmasuk, polikd, kddokter, tglkeluar, jam, icdkt1, lunas)
       values ('RJ90000001', '090003', '2026-11-20', 'INT', 'D001', '2026-11-20', '10:15:00', 'I10 Hipertensi', 'LUNAS')`,
    );
    await catchUp();
    const visits = ok<PatientVisit[]>(
      await t.app.inject({ url: `/api/patients/${patient.id}/visits`, headers: clerk.headers }),
    );
    expect(visits).toMatchObject([{ registrationNo: 'RJ90000001', date: '2026-11-20' }]);
  });
});

/** A TCP relay to the SIMRS that can be cut and joined again: the SIMRS as the network sees it. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 3306), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    open,
    url: () => Object.assign(new URL(target), { port: String(port) }).toString(),
    cut: async () => {
      const closed = new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('the link in a running server (MariaDB)', () => {
  it('brings a SIMRS change within seconds, keeps serving the copy while the SIMRS is away, and catches up after', async () => {
    const other = await createTestSimrs({ sample: true });
    await runStatements(other.client, await linkInstallStatements(other.client));
    const network = relay(new URL(other.url));
    await network.open();
    const linked = await createTestApp({ simrs: { url: network.url(), pollMs: 100 } });
    try {
      const nurse = await loginAsNew(linked, { roles: ['registration'] });
      const find = async (name: string) =>
        ok<PatientSearchRow[]>(
          await linked.app.inject({
            url: `/api/patients?name=${encodeURIComponent(name)}`,
            headers: nurse.headers,
          }),
        );
      await other.client.run('insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)', [
        '091001',
        'Andi Baso Ritasse',
        'L',
        '1971-03-03',
      ]);
      await eventually(async () => ((await find('Baso Ritasse')).length === 1 ? true : undefined), {
        timeoutMs: 30_000,
        what: 'the SIMRS patient in the portal',
      });
      const freshness = async () =>
        ok<SimrsFreshness>(await linked.app.inject({ url: '/api/system/simrs', headers: nurse.headers }));
      await eventually(async () => (await freshness()).syncedAt ?? undefined, {
        timeoutMs: 30_000,
        what: 'the first mirror to be done',
      });

      await network.cut();
      await other.client.run('insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)', [
        '091002',
        'Daeng Matasa Karaeng',
        'L',
        '1969-04-04',
      ]);
      const down = await eventually(
        async () => (await linkStatus(linked.database.db)).find((table) => table.lastError !== null),
        { timeoutMs: 30_000, what: 'the link to record the outage' },
      );
      expect(down.lastErrorAt).not.toBeNull();
      // Every staff screen can say since when the SIMRS data is.
      const stale = await freshness();
      expect(stale).toMatchObject({ linked: true, lastError: expect.any(String) });
      expect(Date.parse(stale.syncedAt ?? '')).toBeLessThan(Date.now());
      // The portal answers from its copy meanwhile.
      expect(await find('Baso Ritasse')).toHaveLength(1);
      expect(await find('Matasa Karaeng')).toHaveLength(0);
      // Mobile JKN is told in its envelope (HTTP 200, code 201) why a new patient is not registered.
      const mobileJkn = await mobileJknCaller(linked);
      const registered = await mobileJkn('pasienbaru', newJknPatient('3271015503910001', '0008123456789'));
      expect(registered.statusCode).toBe(200);
      expect(registered.json()).toEqual({
        metadata: {
          code: 201,
          message:
            'SIMRS tidak menjawab: pasien baru belum bisa didaftarkan. Tidak ada yang tersimpan; coba lagi sebentar lagi.',
        },
      });

      await network.open();
      await eventually(async () => ((await find('Matasa Karaeng')).length === 1 ? true : undefined), {
        timeoutMs: 30_000,
        what: 'the change made during the outage',
      });
      const admin = await loginAsNew(linked, { roles: ['admin'] });
      const system = ok<SystemStatus>(
        await linked.app.inject({ url: '/api/system', headers: admin.headers }),
      );
      expect(system.simrsLink?.target).toBe(network.url());
      expect(system.simrsLink?.tables.find((table) => table.table === 'master_pasien')).toMatchObject({
        fullDone: true,
        lastError: null,
      });
    } finally {
      await linked.app.close();
      await network.cut();
      await other.drop();
    }
  }, 120_000);
});

describe('BPJS Aplicares in linked mode (MariaDB, fake BPJS)', () => {
  it('hears the SIMRS’s rooms at the first mirror, then a stay and a capacity change the SIMRS made', async () => {
    const credentials = { consId: '40962', secretKey: 'rahasia-kamar-9Qx', userKey: 'kunci-kamar-simrs' };
    const fake = await startFakeBpjs({ ...credentials, ppkCode: '0701R003' });
    const aplicares = {
      link: { baseUrl: fake.aplicaresUrl, timeoutMs: 2_000, ...credentials },
      ppkCode: '0701R003',
    };
    const other = await createTestSimrs({ sample: true });
    await runStatements(other.client, await linkInstallStatements(other.client));
    const portal = await createTestApp({
      bpjs: { aplicares: aplicares.link, ppkCode: aplicares.ppkCode },
      outbox: { pollMs: 50, backoffBaseMs: 50 },
    });
    try {
      const round = async () => {
        for (let rounds = 0; rounds < 500; rounds++)
          if (!(await linkRound(portal.database.db, other.client, { aplicares })).more) return;
      };
      // The portal reported its own room before it was linked: one bed, under a BPJS code of its own.
      const nurse = await loginAsNew(portal, { roles: ['ward'] });
      const [simrsRoom] = await other.client.rows<{ kode: string; kapasitas: number }>(
        'select kode, kapasitas from master_ruangkd where kapasitas > 1 order by kode limit 1',
      );
      if (!simrsRoom) throw new Error('no SIMRS room with beds');
      ok(
        await portal.app.inject({
          method: 'POST',
          url: '/api/rooms',
          headers: nurse.headers,
          payload: {
            code: simrsRoom.kode,
            name: 'Ruang Portal',
            class: 'KL3',
            capacity: 1,
            sex: null,
            bpjsRoomCode: 'SIMRS-R1',
          },
        }),
        201,
      );
      const held = () => [...fake.beds.values()].find((bed) => bed.koderuang === 'SIMRS-R1');
      await eventually(async () => (held()?.kapasitas === 1 ? true : undefined), {
        timeoutMs: 20_000,
        what: 'the room at BPJS',
      });

      // The first mirror takes the SIMRS's room, its beds and its stays: BPJS hears them.
      await round();
      const { rooms } = ok<RoomList>(await portal.app.inject({ url: '/api/beds', headers: nurse.headers }));
      const room = rooms.find((found) => found.code === simrsRoom.kode);
      if (!room) throw new Error('the SIMRS room is not in the portal');
      expect(room.capacity).toBe(simrsRoom.kapasitas);
      const first = { kapasitas: simrsRoom.kapasitas, tersedia: room.available };
      await eventually(
        async () =>
          held()?.kapasitas === first.kapasitas && held()?.tersedia === first.tersedia ? true : undefined,
        { timeoutMs: 20_000, what: 'BPJS to hold the SIMRS room' },
      );
      const [admin] = await portal.database.db
        .select()
        .from(roomsSchema)
        .where(eq(roomsSchema.code, room.code));
      const free = held()?.tersedia ?? 0;

      // The SIMRS admits a patient to the room and adds two beds to it.
      await other.client.run('insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)', [
        '093001',
        'Baso Daeng Tompo',
        admin?.sex ?? 'L',
        '1970-07-07',
      ]);
      await other.client.run(
        'insert into bil_ri_xbinap (noreg, norekmed, tglmasuk, ruangkd) values (?, ?, ?, ?)',
        ['RI093001', '093001', localToday(), room.code],
      );
      await other.client.run('update master_ruangkd set kapasitas = kapasitas + 2 where kode = ?', [
        room.code,
      ]);
      await round();

      // The stay and the capacity each reported in turn: BPJS ends with both.
      const now = { kapasitas: simrsRoom.kapasitas + 2, tersedia: free + 2 - 1 };
      await eventually(
        async () =>
          held()?.kapasitas === now.kapasitas && held()?.tersedia === now.tersedia ? true : undefined,
        { timeoutMs: 20_000, what: 'BPJS to hold the stay and the new beds' },
      );
    } finally {
      await portal.app.close();
      await fake.close();
      await other.drop();
    }
  }, 120_000);
});
