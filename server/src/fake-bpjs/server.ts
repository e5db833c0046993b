import { createCipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import LZString from 'lz-string';
import {
  fakeBedClasses,
  type FakeControlLetter,
  fakeDiagnoses,
  fakeReference,
  type FakeParticipant,
  type FakeReference,
  type FakeReferral,
} from './reference.js';

// A stand-in for BPJS's Antrean RS, Aplicares and VClaim services, for development and tests: it checks
// the signature headers, answers as BPJS does (Antrean RS and VClaim encrypted, VClaim under `metaData`
// with its codes as strings, Aplicares in plain JSON with code 1 for success), keeps what it was told per
// booking and per room, and refuses what BPJS refuses (unknown booking, task ids out of order, times
// going backwards; a room it does not hold, or one with more free beds than beds; a card, NIK or
// referral it does not know, with code 201). It is written from BPJS's description on its own, not from the
// portal's client, so that a mistake in the client shows up as a refusal here. It can be told to be
// down, to answer slowly or to refuse.

export interface FakeBpjsOptions {
  consId: string;
  secretKey: string;
  userKey: string;
  reference?: FakeReference;
  /** VClaim's own user key (BPJS_VCLAIM_USER_KEY); `userKey` when unset. */
  vclaimUserKey?: string;
  /**
   * The participants, referrals and control letters VClaim knows at the start; tests add more to
   * `participants`, `referrals`, `controlLetters`.
   */
  vclaim?: {
    participants: FakeParticipant[];
    referrals: FakeReferral[];
    controlLetters?: FakeControlLetter[];
  };
  /** The hospital's PPK code: Aplicares calls for another hospital are refused. Any code when unset. */
  ppkCode?: string;
  /** Signatures older or newer than this many seconds are refused. */
  maxClockSkewSeconds?: number;
  now?: () => number;
}

export interface FakeTask {
  taskid: number;
  waktu: number;
  jenisresep?: string;
}

export interface FakeBooking {
  add: Record<string, unknown>;
  /** When `antrean/add` took it (epoch ms): BPJS's `createdtime`. */
  addedAt: number;
  tasks: FakeTask[];
  cancelled?: { keterangan: string };
  pharmacy?: Record<string, unknown>;
}

/** A room as Aplicares holds it (numbers as numbers, whichever way they were sent). */
export interface FakeBed {
  kodekelas: string;
  koderuang: string;
  namaruang: string;
  kapasitas: number;
  tersedia: number;
  tersediapria: number;
  tersediawanita: number;
  tersediapriawanita: number;
  lastupdate: string;
}

/** A SEP VClaim issued: its `t_sep` as last sent (insert, then updates), deleted or not. */
export interface FakeSep {
  noSep: string;
  noKartu: string;
  tglSep: string;
  /** `poli.tujuan`. */
  poli: string;
  request: Record<string, unknown>;
  deleted: boolean;
}

/** One call the fake answered with its code: what a test reads to see what the portal sent. */
export interface FakeCall {
  service: 'antrean' | 'aplicares' | 'vclaim';
  /** As registered, e.g. `antrean/add` or `rest/bed/update/:kodeppk`. */
  path: string;
  body: unknown;
  code: number;
  message: string;
}

/**
 * What the next calls meet: `down` answers 503 without JSON, `slow` answers after `delayMs` (longer
 * than the client waits is a timeout), `refuse` answers code 201 as an internal error.
 */
export type FakeFault = { mode: 'down' } | { mode: 'slow'; delayMs: number } | { mode: 'refuse' };

export interface FakeBpjs {
  app: FastifyInstance;
  /** The Antrean RS base URL to configure (BPJS_ANTREAN_URL). */
  url: string;
  /** The Aplicares base URL to configure (BPJS_APLICARES_URL). */
  aplicaresUrl: string;
  /** The VClaim base URL to configure (BPJS_VCLAIM_URL). */
  vclaimUrl: string;
  /** VClaim's participants by card number. */
  participants: Map<string, FakeParticipant>;
  /** VClaim's referrals by number. */
  referrals: Map<string, FakeReferral>;
  /** VClaim's control letters (surat kontrol) by number. */
  controlLetters: Map<string, FakeControlLetter>;
  /** The SEPs VClaim issued, by number, deleted ones kept (marked). */
  seps: Map<string, FakeSep>;
  bookings: Map<string, FakeBooking>;
  /** Aplicares' rooms, by `kodekelas/koderuang`, in the order they were created. */
  beds: Map<string, FakeBed>;
  calls: FakeCall[];
  /** Faults for the next `count` calls (all calls while `count` is left out), until `heal()`. */
  fail(fault: FakeFault, count?: number): void;
  heal(): void;
  close(): Promise<void>;
}

const PREFIX = '/antreanrs';
const APLICARES_PREFIX = '/aplicaresws';
const VCLAIM_PREFIX = '/vclaim-rest';
const prefixes: Record<FakeCall['service'], string> = {
  antrean: PREFIX,
  aplicares: APLICARES_PREFIX,
  vclaim: VCLAIM_PREFIX,
};
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HOURS = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
const TASK_IDS = new Set([1, 2, 3, 4, 5, 6, 7, 99]);

interface Answer {
  code: number;
  message: string;
  response?: unknown;
  /** More of the metadata (Aplicares' `totalitems`). */
  metadata?: Record<string, unknown>;
}

const ok = (response?: unknown): Answer => ({ code: 200, message: 'Ok.', response });
const refused = (message: string): Answer => ({ code: 201, message });
const already = (message: string): Answer => ({ code: 208, message });
// Aplicares says success with 1; a refusal is any other code.
const done = (message: string, response?: unknown): Answer => ({ code: 1, message, response });
const bedRefused = (message: string): Answer => ({ code: 0, message });
const NOT_HELD = 'Data tidak ada di database.';

/** A number, also when sent as a numeric string (BPJS accepts both). */
function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export async function startFakeBpjs(options: FakeBpjsOptions, port = 0): Promise<FakeBpjs> {
  const now = options.now ?? Date.now;
  const reference = options.reference ?? fakeReference;
  const skew = options.maxClockSkewSeconds ?? 300;
  const bookings = new Map<string, FakeBooking>();
  const beds = new Map<string, FakeBed>();
  const calls: FakeCall[] = [];
  const participants = new Map(options.vclaim?.participants.map((p) => [p.noKartu, p]));
  const referrals = new Map(options.vclaim?.referrals.map((r) => [r.noKunjungan, r]));
  const controlLetters = new Map(options.vclaim?.controlLetters?.map((c) => [c.noSuratKontrol, c]));
  const seps = new Map<string, FakeSep>();
  let fault: FakeFault | undefined;
  let faultsLeft: number | undefined;
  const timers = new Set<NodeJS.Timeout>();

  // Closing ends every connection, also one whose slow answer a client gave up on.
  const app = Fastify({ logger: false, forceCloseConnections: true });

  function encrypt(timestamp: string, value: unknown): string {
    const key = createHash('sha256').update(`${options.consId}${options.secretKey}${timestamp}`).digest();
    const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
    const compressed = LZString.compressToEncodedURIComponent(JSON.stringify(value));
    return Buffer.concat([cipher.update(compressed, 'utf8'), cipher.final()]).toString('base64');
  }

  function signatureProblem(request: FastifyRequest, userKey: string): string | undefined {
    const header = (name: string) => text(request.headers[name]);
    const consId = header('x-cons-id');
    const timestamp = header('x-timestamp');
    const signature = header('x-signature');
    if (!consId || !timestamp || !signature || !header('user_key')) return 'Header tidak lengkap';
    if (consId !== options.consId) return 'Cons ID tidak terdaftar';
    if (header('user_key') !== userKey) return 'User key tidak valid';
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > skew) {
      return 'Timestamp tidak valid';
    }
    const expected = createHmac('sha256', options.secretKey).update(`${consId}&${timestamp}`).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Signature tidak valid';
    return undefined;
  }

  function takeFault(): FakeFault | undefined {
    if (!fault) return undefined;
    const current = fault;
    if (faultsLeft !== undefined && --faultsLeft <= 0) {
      fault = undefined;
      faultsLeft = undefined;
    }
    return current;
  }

  /**
   * Registers a service: faults and the signature first, then the handler; the answer is logged.
   * Antrean RS and VClaim encrypt `response`, Aplicares does not; VClaim names its metadata `metaData` and
   * writes the code as a string.
   */
  function service(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    handle: (body: Record<string, unknown>, params: Record<string, string>) => Answer,
    of: FakeCall['service'] = 'antrean',
  ) {
    const aplicares = of === 'aplicares';
    const vclaim = of === 'vclaim';
    app.route({
      method,
      url: `${prefixes[of]}/${path}`,
      handler: async (request, reply) => {
        const current = takeFault();
        if (current?.mode === 'down') return reply.status(503).type('text/html').send('<h1>503</h1>');
        if (current?.mode === 'slow') {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              timers.delete(timer);
              resolve();
            }, current.delayMs);
            timers.add(timer);
          });
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        const problem = signatureProblem(
          request,
          vclaim ? (options.vclaimUserKey ?? options.userKey) : options.userKey,
        );
        const answer: Answer =
          current?.mode === 'refuse'
            ? { code: aplicares ? 0 : 201, message: 'Terjadi kesalahan pada server BPJS' }
            : problem
              ? { code: 401, message: problem }
              : handle(body, request.params as Record<string, string>);
        calls.push({ service: of, path, body: request.body, code: answer.code, message: answer.message });
        const timestamp = text(request.headers['x-timestamp']) ?? '';
        const response =
          answer.response === undefined || aplicares ? answer.response : encrypt(timestamp, answer.response);
        if (vclaim) {
          return {
            metaData: { code: String(answer.code), message: answer.message },
            response: response ?? null,
          };
        }
        return {
          metadata: { code: answer.code, message: answer.message, ...answer.metadata },
          ...(response === undefined ? {} : { response }),
        };
      },
    });
  }

  // BPJS takes the JSON body also under the form content type TrustMark prints.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch (err) {
        done(err as Error);
      }
    },
  );

  service('GET', 'ref/poli', () => ok({ list: reference.poli }));
  service('GET', 'ref/dokter', () => ok({ list: reference.dokter }));
  service('GET', 'jadwaldokter/kodepoli/:kodepoli/tanggal/:tanggal', (_body, params) => {
    if (!DATE.test(params.tanggal ?? '')) return refused('Format tanggal tidak sesuai');
    const weekday = ((new Date(`${params.tanggal}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const list = reference.jadwal.filter((j) => j.kodesubspesialis === params.kodepoli && j.hari === weekday);
    return list.length ? ok({ list }) : refused('Jadwal dokter tidak ditemukan');
  });

  service('POST', 'antrean/add', (body) => {
    const problem = addProblem(body);
    if (problem) return refused(problem);
    const kodebooking = body.kodebooking as string;
    if (bookings.has(kodebooking)) return already('Terdapat duplikasi Kode Booking');
    bookings.set(kodebooking, { add: body, addedAt: now(), tasks: [] });
    return ok();
  });

  service('POST', 'antrean/updatewaktu', (body) => {
    const booking = bookings.get(text(body.kodebooking) ?? '');
    if (!booking) return refused('Kode Booking tidak ditemukan');
    const taskid = integer(body.taskid);
    const waktu = integer(body.waktu);
    if (taskid === undefined || !TASK_IDS.has(taskid)) return refused('TaskId tidak valid');
    if (waktu === undefined || waktu <= 0) return refused('Waktu tidak valid');
    if (booking.tasks.some((t) => t.taskid === taskid && t.waktu === waktu)) {
      return already(`TaskId=${taskid} sudah ada`);
    }
    if (booking.cancelled) return refused('Antrean sudah dibatalkan');
    const last = booking.tasks.at(-1);
    const first = booking.add.pasienbaru === 1 ? 1 : 3;
    const next = last ? last.taskid + 1 : first;
    if (taskid !== 99 && (taskid !== next || (!last && taskid !== 1 && taskid !== 3))) {
      return refused('Urutan Task Id tidak sesuai, harus dikirim berurutan');
    }
    if (taskid === 99 && last && last.taskid >= 5) return refused('Antrean sudah dilayani');
    if (last && waktu <= last.waktu) {
      return refused(`Waktu TaskId=${taskid} tidak boleh kurang dari TaskId sebelumnya`);
    }
    booking.tasks.push({
      taskid,
      waktu,
      ...(text(body.jenisresep) ? { jenisresep: text(body.jenisresep) } : {}),
    });
    if (taskid === 99) booking.cancelled = { keterangan: 'Tidak hadir / batal' };
    return ok();
  });

  service('POST', 'antrean/batal', (body) => {
    const booking = bookings.get(text(body.kodebooking) ?? '');
    if (!booking) return refused('Kode Booking tidak ditemukan');
    const keterangan = text(body.keterangan)?.trim();
    if (!keterangan) return refused('Keterangan tidak boleh kosong');
    if (booking.cancelled) return already('Antrean sudah dibatalkan');
    if (booking.tasks.some((t) => t.taskid >= 5 && t.taskid !== 99)) {
      return refused('Antrean sudah dilayani, tidak dapat dibatalkan');
    }
    booking.cancelled = { keterangan };
    return ok();
  });

  service('POST', 'antrean/farmasi/add', (body) => {
    const booking = bookings.get(text(body.kodebooking) ?? '');
    if (!booking) return refused('Kode Booking tidak ditemukan');
    const jenisresep = text(body.jenisresep)?.toLowerCase();
    if (jenisresep !== 'racikan' && jenisresep !== 'non racikan') return refused('Jenis resep tidak valid');
    if (integer(body.nomorantrean) === undefined) return refused('Nomor antrean tidak valid');
    if (booking.pharmacy) return already('Antrean farmasi sudah terdaftar');
    booking.pharmacy = body;
    return ok();
  });

  service('POST', 'antrean/getlisttask', (body) => {
    const kodebooking = text(body.kodebooking) ?? '';
    const booking = bookings.get(kodebooking);
    if (!booking) return refused('Kode Booking tidak ditemukan');
    return ok({
      list: booking.tasks.map((task) => ({ kodebooking, taskid: task.taskid, waktu: task.waktu })),
    });
  });

  // What BPJS holds, for the hospital's reconciliation: its bookings of a date or by code, in BPJS's names,
  // and its waiting-time dashboard per poli (durations in seconds; `server` times as BPJS recorded each
  // call, `rs` as the hospital sent them). Nothing held is code 201, as BPJS answers it.
  const pendaftaran = (kodebooking: string, booking: FakeBooking) => {
    const { add } = booking;
    const last = booking.tasks.at(-1)?.taskid;
    return {
      kodebooking,
      tanggal: add.tanggalperiksa,
      kodepoli: add.kodepoli,
      kodedokter: add.kodedokter,
      jampraktek: add.jampraktek,
      nik: add.nik,
      nokapst: add.nomorkartu,
      nohp: add.nohp,
      norekammedis: add.norm,
      jeniskunjungan: add.jeniskunjungan,
      nomorreferensi: add.nomorreferensi,
      sumberdata: 'Bridging Antrean',
      ispeserta: add.jenispasien === 'JKN' ? 1 : 0,
      noantrean: add.nomorantrean,
      estimasidilayani: add.estimasidilayani,
      createdtime: booking.addedAt,
      status: booking.cancelled
        ? 'Batal'
        : last !== undefined && last >= 5
          ? 'Selesai dilayani'
          : 'Belum dilayani',
    };
  };
  const BAD_DATE = 'Format Tanggal Tidak Sesuai, format yang benar adalah yyyy-mm-dd';
  const NOTHING = 'Data Tidak Ditemukan';
  service('GET', 'antrean/pendaftaran/tanggal/:tanggal', (_body, params) => {
    const tanggal = params.tanggal ?? '';
    if (!DATE.test(tanggal)) return refused(BAD_DATE);
    const list = [...bookings]
      .filter(([, booking]) => booking.add.tanggalperiksa === tanggal)
      .map(([kodebooking, booking]) => pendaftaran(kodebooking, booking));
    return list.length ? ok({ list }) : refused(NOTHING);
  });
  service('GET', 'antrean/pendaftaran/kodebooking/:kodebooking', (_body, params) => {
    const kodebooking = params.kodebooking ?? '';
    const booking = bookings.get(kodebooking);
    return booking ? ok({ list: [pendaftaran(kodebooking, booking)] }) : refused(NOTHING);
  });
  service('GET', 'dashboard/waktutunggu/tanggal/:tanggal/waktu/:waktu', (_body, params) => {
    const tanggal = params.tanggal ?? '';
    if (!DATE.test(tanggal)) return refused(BAD_DATE);
    if (params.waktu !== 'rs' && params.waktu !== 'server')
      return refused('Parameter waktu tidak sesuai (rs/server)');
    const byPoli = new Map<string, FakeBooking[]>();
    for (const booking of bookings.values()) {
      if (booking.add.tanggalperiksa !== tanggal || booking.cancelled) continue;
      const kodepoli = String(booking.add.kodepoli);
      byPoli.set(kodepoli, [...(byPoli.get(kodepoli) ?? []), booking]);
    }
    // Task n lasts from its time to task n + 1's, in seconds, over the bookings that have both. The fake takes
    // the hospital's times as it receives them, so `rs` and `server` agree.
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const list = [...byPoli].map(([kodepoli, group]) => {
      const durations = [1, 2, 3, 4, 5, 6].map((taskid) =>
        group.flatMap(({ tasks }) => {
          const from = tasks.find((t) => t.taskid === taskid)?.waktu;
          const to = tasks.find((t) => t.taskid === taskid + 1)?.waktu;
          return from !== undefined && to !== undefined ? [Math.round((to - from) / 1000)] : [];
        }),
      );
      return {
        kdppk: options.ppkCode ?? '0000R000',
        nmppk: 'RS UJI',
        kodepoli,
        namapoli: String(group[0]?.add.namapoli ?? ''),
        tanggal,
        jumlah_antrean: group.length,
        ...Object.fromEntries(durations.map((d, i) => [`waktu_task${i + 1}`, sum(d)])),
        ...Object.fromEntries(
          durations.map((d, i) => [`avg_waktu_task${i + 1}`, d.length ? Math.round(sum(d) / d.length) : 0]),
        ),
        insertdate: now(),
      };
    });
    return list.length ? ok({ list }) : refused(NOTHING);
  });

  /** The PPK code in the path, when it is not the hospital's: why the call is refused. */
  const wrongPpk = (params: Record<string, string>) =>
    options.ppkCode !== undefined && params.kodeppk !== options.ppkCode
      ? bedRefused('Kode PPK tidak sesuai')
      : undefined;
  const bedKey = (body: Record<string, unknown>) => `${text(body.kodekelas)}/${text(body.koderuang)}`;

  service('GET', 'rest/ref/kelas', () => done('OK', { list: fakeBedClasses }), 'aplicares');

  service(
    'GET',
    'rest/bed/read/:kodeppk/:start/:limit',
    (_body, params) => {
      const start = integer(params.start);
      const limit = integer(params.limit);
      if (start === undefined || start < 1 || limit === undefined || limit < 1) {
        return bedRefused('Parameter start dan limit tidak valid');
      }
      const all = [...beds.values()];
      const list = all
        .slice(start - 1, start - 1 + limit)
        .map((bed, i) => ({ ...bed, kodeppk: params.kodeppk, rownumber: start + i }));
      return wrongPpk(params) ?? { ...done('OK', { list }), metadata: { totalitems: all.length } };
    },
    'aplicares',
  );

  service(
    'POST',
    'rest/bed/create/:kodeppk',
    (body, params) => {
      const problem = wrongPpk(params) ?? bedProblem(body);
      if (problem) return problem;
      if (beds.has(bedKey(body))) return bedRefused('Data sudah ada.');
      beds.set(bedKey(body), bedOf(body, new Date(now())));
      return done('Data berhasil disimpan.');
    },
    'aplicares',
  );

  service(
    'POST',
    'rest/bed/update/:kodeppk',
    (body, params) => {
      const problem = wrongPpk(params) ?? bedProblem(body);
      if (problem) return problem;
      if (!beds.has(bedKey(body))) return bedRefused(NOT_HELD);
      beds.set(bedKey(body), bedOf(body, new Date(now())));
      return done('Data berhasil diupdate.');
    },
    'aplicares',
  );

  service(
    'POST',
    'rest/bed/delete/:kodeppk',
    (body, params) => {
      const problem = wrongPpk(params);
      if (problem) return problem;
      if (!beds.delete(bedKey(body))) return bedRefused(NOT_HELD);
      return done('Data berhasil dihapus.');
    },
    'aplicares',
  );

  // VClaim: a participant on the day of service, by card or NIK, and a referral by its number. BPJS answers
  // any date; an unknown card, NIK or referral is code 201.
  const notFound = (message: string): Answer => ({ code: 201, message });
  const peserta = (p: FakeParticipant, tanggal: string) => ({
    cob: { nmAsuransi: null, noAsuransi: null, tglTAT: null, tglTMT: null },
    hakKelas: p.hakKelas,
    informasi: { dinsos: null, noSKTM: null, prolanisPRB: null },
    jenisPeserta: { keterangan: 'PEGAWAI SWASTA', kode: '13' },
    mr: { noMR: null, noTelepon: null },
    nama: p.nama,
    nik: p.nik,
    noKartu: p.noKartu,
    pisa: '1',
    provUmum: p.provUmum,
    sex: p.sex,
    statusPeserta: p.statusPeserta,
    tglCetakKartu: '2016-02-12',
    tglLahir: p.tglLahir,
    tglTAT: '2099-12-31',
    tglTMT: '2014-01-01',
    umur: { umurSaatPelayanan: `pada ${tanggal}`, umurSekarang: '' },
  });
  const participantAnswer = (p: FakeParticipant | undefined, tanggal: string) => {
    if (!DATE.test(tanggal))
      return refused('Format Tanggal SEP tidak sesuai, format yang benar adalah yyyy-MM-dd');
    return p ? ok({ peserta: peserta(p, tanggal) }) : notFound('Data Peserta Tidak Ditemukan');
  };
  service(
    'GET',
    'Peserta/nokartu/:nokartu/tglSEP/:tanggal',
    (_body, params) => participantAnswer(participants.get(params.nokartu ?? ''), params.tanggal ?? ''),
    'vclaim',
  );
  service(
    'GET',
    'Peserta/nik/:nik/tglSEP/:tanggal',
    (_body, params) =>
      participantAnswer(
        [...participants.values()].find((p) => p.nik === params.nik),
        params.tanggal ?? '',
      ),
    'vclaim',
  );
  const referralAnswer = (source: FakeReferral['source'], number: string) => {
    const r = referrals.get(number);
    const holder = r && participants.get(r.noKartu);
    if (!r || r.source !== source || !holder) return notFound('Data Rujukan Tidak Ditemukan');
    return ok({
      rujukan: {
        diagnosa: r.diagnosa ?? { kode: 'I10', nama: 'Essential (primary) hypertension' },
        keluhan: '',
        noKunjungan: r.noKunjungan,
        pelayanan: { kode: '2', nama: 'Rawat Jalan' },
        peserta: peserta(holder, r.tglKunjungan),
        poliRujukan: r.poliRujukan,
        provPerujuk: r.provPerujuk,
        tglKunjungan: r.tglKunjungan,
        ...(r.ppkDirujuk ? { ppkDirujuk: r.ppkDirujuk.kode, namaPpkDirujuk: r.ppkDirujuk.nama } : {}),
      },
    });
  };
  service(
    'GET',
    'Rujukan/RS/:nomor',
    (_body, params) => referralAnswer('hospital', params.nomor ?? ''),
    'vclaim',
  );
  service(
    'GET',
    'Rujukan/:nomor',
    (_body, params) => referralAnswer('primary', params.nomor ?? ''),
    'vclaim',
  );

  // VClaim's SEP (Surat Eligibilitas Peserta), its references and control letters. The SEP requests are
  // `{request: {t_sep: {...}}}` as VClaim's catalogue prints them: insert (POST `SEP/2.0/insert`, answered
  // with `sep.noSep`), update (PUT `SEP/2.0/update`) and delete (DELETE `SEP/2.0/delete`, body
  // `{noSep, user}`), both answered with the SEP number. The refusal of a second outpatient SEP for a card
  // on the same day and clinic is worded as BPJS answers it in a hospital's code that strips it; the other
  // refusals are the fake's own words, as no public source quotes BPJS's.
  const tSep = (body: Record<string, unknown>) =>
    (field(field(body, 'request'), 't_sep') ?? {}) as Record<string, unknown>;
  const sepOf = (noSep: string) => {
    const sep = seps.get(noSep);
    return sep && !sep.deleted ? sep : undefined;
  };
  service(
    'POST',
    'SEP/2.0/insert',
    (body) => {
      const t = tSep(body);
      const noKartu = text(t.noKartu) ?? '';
      const holder = participants.get(noKartu);
      if (!holder) return refused('Data Peserta Tidak Ditemukan');
      if (holder.statusPeserta.kode !== '0')
        return refused(`Status Peserta ${holder.statusPeserta.keterangan}`);
      const problem = sepProblem(t, { insert: true });
      if (problem) return refused(problem);
      if (options.ppkCode !== undefined && t.ppkPelayanan !== options.ppkCode) {
        return refused('PPK Pelayanan tidak sesuai');
      }
      const tglSep = text(t.tglSep) ?? '';
      const poli = text(field(t.poli, 'tujuan')) ?? '';
      const rujukan = field(t, 'rujukan');
      const noRujukan = text(field(rujukan, 'noRujukan')) ?? '';
      const noSurat = text(field(t.skdp, 'noSurat')) ?? '';
      const referral = referrals.get(noRujukan);
      if (!referral || referral.noKartu !== noKartu) return refused('Data Rujukan Tidak Ditemukan');
      if (noSurat && !controlLetters.has(noSurat)) return refused('Data Surat Kontrol Tidak Ditemukan');
      const same = [...seps.values()].find(
        (s) => !s.deleted && s.noKartu === noKartu && s.tglSep === tglSep && s.poli === poli,
      );
      if (same) {
        return refused(
          `1.Peserta NoKa ${noKartu} telah mendapat Pelayanan R.Jalan di Poli ${poli} pada hari yg sama di ` +
            `${HOSPITAL_NAME} Dgn No.SEP ${same.noSep}`,
        );
      }
      const ppk = text(t.ppkPelayanan) ?? '';
      const noSep = `${ppk}${tglSep.slice(5, 7)}${tglSep.slice(2, 4)}V${String(seps.size + 1).padStart(6, '0')}`;
      const sep: FakeSep = { noSep, noKartu, tglSep, poli, request: t, deleted: false };
      seps.set(noSep, sep);
      return ok({ sep: sepAnswer(sep, holder) });
    },
    'vclaim',
  );
  service(
    'PUT',
    'SEP/2.0/update',
    (body) => {
      const t = tSep(body);
      const sep = sepOf(text(t.noSep) ?? '');
      if (!sep) return refused('Data SEP Tidak Ditemukan');
      const problem = sepProblem(t, { insert: false });
      if (problem) return refused(problem);
      sep.request = { ...sep.request, ...t };
      return ok(sep.noSep);
    },
    'vclaim',
  );
  service(
    'DELETE',
    'SEP/2.0/delete',
    (body) => {
      const t = tSep(body);
      const sep = sepOf(text(t.noSep) ?? '');
      if (!sep) return refused('Data SEP Tidak Ditemukan');
      if (!text(t.user)?.trim()) return refused('User tidak boleh kosong');
      sep.deleted = true;
      return ok(sep.noSep);
    },
    'vclaim',
  );
  service(
    'GET',
    'SEP/:noSep',
    (_body, params) => {
      const sep = sepOf(params.noSep ?? '');
      const holder = sep && participants.get(sep.noKartu);
      if (!sep || !holder) return refused('Data SEP Tidak Ditemukan');
      const t = sep.request;
      const dpjp = reference.dokter.find((d) => String(d.kodedokter) === text(t.dpjpLayan));
      return ok({
        ...sepAnswer(sep, holder),
        jnsPelayanan: 'Rawat Jalan',
        dpjp: { kdDPJP: text(t.dpjpLayan) ?? '', nmDPJP: dpjp?.namadokter ?? '' },
        kontrol: {
          kdDokter: text(field(t.skdp, 'kodeDPJP')) ?? '',
          noSurat: text(field(t.skdp, 'noSurat')) ?? '',
        },
        cob: text(field(t.cob, 'cob')) ?? '0',
        kdStatusKecelakaan: text(field(t.jaminan, 'lakaLantas')) ?? '0',
      });
    },
    'vclaim',
  );
  service(
    'GET',
    'referensi/diagnosa/:q',
    (_body, params) => {
      const q = (params.q ?? '').toUpperCase();
      const diagnosa = fakeDiagnoses.filter((d) => d.nama.toUpperCase().includes(q));
      return diagnosa.length ? ok({ diagnosa }) : refused('Data Tidak Ditemukan');
    },
    'vclaim',
  );
  service(
    'GET',
    'referensi/poli/:q',
    (_body, params) => {
      const q = (params.q ?? '').toUpperCase();
      const poli = reference.poli
        .filter((p) => p.kdpoli.includes(q) || p.nmpoli.includes(q))
        .map((p) => ({ kode: p.kdpoli, nama: p.nmpoli }));
      return poli.length ? ok({ poli }) : refused('Data Tidak Ditemukan');
    },
    'vclaim',
  );
  service(
    'GET',
    'referensi/dokter/pelayanan/:jenis/tglPelayanan/:tanggal/Spesialis/:kode',
    (_body, params) => {
      if (params.jenis !== '1' && params.jenis !== '2') return refused('Jenis Pelayanan tidak sesuai');
      if (!DATE.test(params.tanggal ?? '')) return refused('Format Tanggal tidak sesuai');
      const codes = new Set(
        reference.jadwal.filter((j) => j.kodepoli === params.kode).map((j) => j.kodedokter),
      );
      const list = reference.dokter
        .filter((d) => codes.has(d.kodedokter))
        .map((d) => ({ kode: String(d.kodedokter), nama: d.namadokter }));
      return list.length ? ok({ list }) : refused('Data Tidak Ditemukan');
    },
    'vclaim',
  );
  service(
    'GET',
    'RencanaKontrol/noSuratKontrol/:nomor',
    (_body, params) => {
      const letter = controlLetters.get(params.nomor ?? '');
      const holder = letter && participants.get(letter.noKartu);
      const referral = letter && referrals.get(letter.noRujukan);
      if (!letter || !holder || !referral) return refused('Data Surat Kontrol Tidak Ditemukan');
      return ok({
        noSuratKontrol: letter.noSuratKontrol,
        tglRencanaKontrol: letter.tglRencanaKontrol,
        tglTerbit: letter.tglTerbit,
        jnsKontrol: '2',
        namaJnsKontrol: 'Surat Kontrol',
        poliTujuan: letter.poliTujuan.kode,
        namaPoliTujuan: letter.poliTujuan.nama,
        kodeDokter: letter.kodeDokter,
        namaDokter: letter.namaDokter,
        flagKontrol: 'False',
        sep: {
          noSep: letter.noSepAsal,
          tglSep: referral.tglKunjungan,
          jnsPelayanan: 'Rawat Jalan',
          poli: `${letter.poliTujuan.kode} - ${letter.poliTujuan.nama}`,
          diagnosa: `${letter.diagnosa.kode} - ${letter.diagnosa.nama}`,
          peserta: {
            noKartu: holder.noKartu,
            nama: holder.nama,
            tglLahir: holder.tglLahir,
            kelamin: holder.sex,
          },
          provUmum: { kdProvider: holder.provUmum.kdProvider, nmProvider: holder.provUmum.nmProvider },
          provPerujuk: {
            kdProviderPerujuk: referral.provPerujuk.kode,
            nmProviderPerujuk: referral.provPerujuk.nama,
            asalRujukan: referral.source === 'hospital' ? '2' : '1',
            noRujukan: referral.noKunjungan,
            tglRujukan: referral.tglKunjungan,
          },
        },
      });
    },
    'vclaim',
  );

  // For a developer or a browser test driving the fake from outside: what it holds, and its faults.
  app.get('/__fake/bookings', async () => Object.fromEntries(bookings));
  app.get('/__fake/beds', async () => [...beds.values()]);
  app.get('/__fake/seps', async () => Object.fromEntries(seps));
  app.get('/__fake/calls', async () => calls);
  app.post('/__fake/fault', async (request) => {
    const body = (request.body ?? {}) as { mode?: string; delayMs?: number; count?: number };
    const next: FakeFault | undefined =
      body.mode === 'down' || body.mode === 'refuse'
        ? { mode: body.mode }
        : body.mode === 'slow'
          ? { mode: 'slow', delayMs: Number(body.delayMs ?? 30_000) }
          : undefined;
    if (next) {
      fault = next;
      faultsLeft = body.count;
    } else {
      fault = undefined;
      faultsLeft = undefined;
    }
    return { fault: fault ?? null, count: faultsLeft ?? null };
  });

  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url: `${address}${PREFIX}`,
    aplicaresUrl: `${address}${APLICARES_PREFIX}`,
    vclaimUrl: `${address}${VCLAIM_PREFIX}`,
    participants,
    referrals,
    controlLetters,
    seps,
    bookings,
    beds,
    calls,
    fail(next, count) {
      fault = next;
      faultsLeft = count;
    },
    heal() {
      fault = undefined;
      faultsLeft = undefined;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await app.close();
    },
  };
}

const bedClassCodes = new Set(fakeBedClasses.map((c) => c.kodekelas));
const bedCounts = ['kapasitas', 'tersedia', 'tersediapria', 'tersediawanita', 'tersediapriawanita'] as const;

/** The first rule a room for `rest/bed/create` or `update` breaks; undefined when it is well formed. */
function bedProblem(body: Record<string, unknown>): Answer | undefined {
  if (!bedClassCodes.has(text(body.kodekelas) ?? '')) return bedRefused('Kode kelas tidak terdaftar');
  if (!text(body.koderuang)?.trim()) return bedRefused('Kode ruang tidak boleh kosong');
  if (!text(body.namaruang)?.trim()) return bedRefused('Nama ruang tidak boleh kosong');
  for (const field of bedCounts) {
    const optional = field !== 'kapasitas' && field !== 'tersedia';
    if (optional && body[field] === undefined) continue;
    const n = integer(body[field]);
    if (n === undefined || n < 0) return bedRefused(`${field} harus bilangan bulat tidak negatif`);
  }
  const count = (field: (typeof bedCounts)[number]) => integer(body[field]) ?? 0;
  if (count('tersedia') > count('kapasitas')) return bedRefused('Tersedia tidak boleh melebihi kapasitas');
  if (count('tersediapria') + count('tersediawanita') + count('tersediapriawanita') > count('tersedia')) {
    return bedRefused('Jumlah tersedia pria, wanita dan pria/wanita melebihi tersedia');
  }
  return undefined;
}

/** BPJS writes its times as `YYYY-MM-DD HH:mm:ss` (WIB). */
const bpjsTime = (at: Date) =>
  new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function bedOf(body: Record<string, unknown>, at: Date): FakeBed {
  const count = (field: (typeof bedCounts)[number]) => integer(body[field]) ?? 0;
  return {
    kodekelas: text(body.kodekelas) ?? '',
    koderuang: text(body.koderuang) ?? '',
    namaruang: text(body.namaruang) ?? '',
    kapasitas: count('kapasitas'),
    tersedia: count('tersedia'),
    tersediapria: count('tersediapria'),
    tersediawanita: count('tersediawanita'),
    tersediapriawanita: count('tersediapriawanita'),
    lastupdate: bpjsTime(at),
  };
}

/** The first rule `antrean/add` breaks, as BPJS words it; undefined when the booking is well formed. */
function addProblem(body: Record<string, unknown>): string | undefined {
  const jkn = body.jenispasien === 'JKN';
  if (!text(body.kodebooking)?.trim()) return 'Kode Booking tidak boleh kosong';
  if (!jkn && body.jenispasien !== 'NON JKN') return 'Jenis Pasien tidak sesuai (JKN / NON JKN)';
  if (jkn && !/^\d{13}$/.test(text(body.nomorkartu) ?? '')) return 'Nomor Kartu harus 13 digit';
  if (!jkn && text(body.nomorkartu) !== '') return 'Nomor Kartu harus kosong untuk pasien NON JKN';
  if (!/^\d{16}$/.test(text(body.nik) ?? '')) return 'NIK harus 16 digit';
  if (!text(body.nohp)?.trim()) return 'No.HP tidak boleh kosong';
  if (!text(body.kodepoli)?.trim() || !text(body.namapoli)?.trim()) return 'Poli tidak boleh kosong';
  if (body.pasienbaru !== 0 && body.pasienbaru !== 1) return 'Pasien Baru harus 0 atau 1';
  if (!text(body.norm)?.trim()) return 'Nomor RM tidak boleh kosong';
  if (!DATE.test(text(body.tanggalperiksa) ?? '')) {
    return 'Format Tanggal tidak sesuai, format yang benar adalah yyyy-mm-dd';
  }
  if (typeof body.kodedokter !== 'number' || !text(body.namadokter)?.trim()) return 'Dokter tidak valid';
  if (!HOURS.test(text(body.jampraktek) ?? '')) return 'Format Jam Praktek tidak sesuai (HH:mm-HH:mm)';
  if (![1, 2, 3, 4].includes(body.jeniskunjungan as number)) return 'Jenis Kunjungan tidak ditemukan';
  if (typeof body.nomorreferensi !== 'string') return 'Nomor Referensi tidak sesuai format';
  if (jkn && !body.nomorreferensi.trim()) return 'Nomor Referensi tidak boleh kosong';
  if (!text(body.nomorantrean)?.trim()) return 'Nomor Antrean tidak boleh kosong';
  for (const field of [
    'angkaantrean',
    'estimasidilayani',
    'sisakuotajkn',
    'kuotajkn',
    'sisakuotanonjkn',
    'kuotanonjkn',
  ]) {
    if (!Number.isInteger(body[field]) || (body[field] as number) < 0) return `${field} harus bilangan bulat`;
  }
  if (typeof body.keterangan !== 'string') return 'Keterangan tidak sesuai format';
  return undefined;
}

/** What the fake's SEP answers name the hospital (BPJS names the PPK that issued it). */
const HOSPITAL_NAME = 'RS UJI';

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
const oneOf = (value: unknown, allowed: string[]) => allowed.includes(text(value) ?? '');
const filled = (value: unknown) => Boolean(text(value)?.trim());

/** The first rule a `t_sep` of insert or update breaks, in the fake's own words; undefined when well formed. */
function sepProblem(t: Record<string, unknown>, { insert }: { insert: boolean }): string | undefined {
  if (insert) {
    if (!/^\d{13}$/.test(text(t.noKartu) ?? '')) return 'No.Kartu harus 13 digit';
    if (!DATE.test(text(t.tglSep) ?? ''))
      return 'Format Tanggal SEP tidak sesuai, format yang benar adalah yyyy-MM-dd';
    if (!oneOf(t.jnsPelayanan, ['1', '2'])) return 'Jenis Pelayanan tidak sesuai';
    const rujukan = field(t, 'rujukan');
    if (!oneOf(field(rujukan, 'asalRujukan'), ['1', '2'])) return 'Asal Rujukan tidak sesuai';
    if (!DATE.test(text(field(rujukan, 'tglRujukan')) ?? '')) return 'Format Tanggal Rujukan tidak sesuai';
    if (!filled(field(rujukan, 'noRujukan'))) return 'No.Rujukan tidak boleh kosong';
    if (!filled(field(rujukan, 'ppkRujukan'))) return 'PPK Rujukan tidak boleh kosong';
    if (!oneOf(t.tujuanKunj, ['0', '1', '2'])) return 'Tujuan Kunjungan tidak sesuai';
    if (typeof field(t, 'skdp') !== 'object') return 'SKDP tidak boleh kosong';
  } else if (!filled(t.noSep)) return 'No.SEP tidak boleh kosong';
  if (!oneOf(field(t.klsRawat, 'klsRawatHak'), ['1', '2', '3'])) return 'Kelas Rawat Hak tidak sesuai';
  if (!filled(t.noMR)) return 'No.MR tidak boleh kosong';
  if (!fakeDiagnoses.some((d) => d.kode === text(t.diagAwal))) return 'Diagnosa Awal tidak ditemukan';
  if (!filled(field(t.poli, 'tujuan'))) return 'Poli Tujuan tidak boleh kosong';
  if (!oneOf(field(t.poli, 'eksekutif'), ['0', '1'])) return 'Poli Eksekutif tidak sesuai';
  if (!oneOf(field(t.cob, 'cob'), ['0', '1'])) return 'COB tidak sesuai';
  if (!oneOf(field(t.katarak, 'katarak'), ['0', '1'])) return 'Katarak tidak sesuai';
  const jaminan = field(t, 'jaminan');
  if (!oneOf(field(jaminan, 'lakaLantas'), ['0', '1', '2', '3'])) return 'Laka Lantas tidak sesuai';
  if (text(field(jaminan, 'lakaLantas')) !== '0') {
    const penjamin = field(jaminan, 'penjamin');
    const lokasi = field(field(penjamin, 'suplesi'), 'lokasiLaka');
    if (!DATE.test(text(field(penjamin, 'tglKejadian')) ?? '')) return 'Tanggal Kejadian tidak sesuai';
    if (!filled(field(penjamin, 'keterangan'))) return 'Keterangan Kejadian tidak boleh kosong';
    if (!['kdPropinsi', 'kdKabupaten', 'kdKecamatan'].every((k) => filled(field(lokasi, k)))) {
      return 'Lokasi Kejadian tidak boleh kosong';
    }
  }
  if (!filled(t.dpjpLayan)) return 'DPJP Layan tidak boleh kosong';
  if (!filled(t.noTelp)) return 'No.Telepon tidak boleh kosong';
  if (!filled(t.user)) return 'User tidak boleh kosong';
  return undefined;
}

/** A SEP as VClaim answers its insert (`response.sep`). */
function sepAnswer(sep: FakeSep, holder: FakeParticipant) {
  const t = sep.request;
  const diagnosis = fakeDiagnoses.find((d) => d.kode === text(t.diagAwal));
  const klass = text(field(t.klsRawat, 'klsRawatHak')) ?? '3';
  return {
    noSep: sep.noSep,
    tglSep: sep.tglSep,
    jnsPelayanan: 'R.Jalan',
    kelasRawat: '-',
    diagnosa: diagnosis?.nama ?? '',
    noRujukan: text(field(t.rujukan, 'noRujukan')) ?? '',
    kdPoli: sep.poli,
    poli: sep.poli,
    poliEksekutif: text(field(t.poli, 'eksekutif')) === '1' ? 'Ya' : 'Tidak',
    catatan: text(t.catatan) ?? '',
    penjamin: '-',
    tujuanKunj: text(t.tujuanKunj) ?? '0',
    flagProcedure: '',
    kdPenunjang: '',
    assestmenPel: text(t.assesmentPel) ?? '',
    informasi: { dinsos: null, eSEP: 'True', noSKTM: null, prolanisPRB: null },
    peserta: {
      asuransi: '-',
      hakKelas: `Kelas ${klass}`,
      jnsPeserta: 'PEGAWAI SWASTA',
      kelamin: holder.sex === 'P' ? 'Perempuan' : 'Laki-laki',
      nama: holder.nama,
      noKartu: holder.noKartu,
      noMr: text(t.noMR) ?? '',
      tglLahir: holder.tglLahir,
    },
  };
}
