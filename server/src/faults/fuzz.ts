import { errorResponseSchema, staffRoles } from '@portal/contract';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { Agent, request } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCounts } from '../db/backup.js';
import { operations, patients } from '../db/schema/index.js';
import { addDays, localToday } from '../lib/dates.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createPatient, createSchedule, loginAsNew, type StaffLogin } from '../test/factories.js';
import { type Input, requestOf, stringsOf } from './inputs.js';

// Issue 16, build item 2: every route the app declares, found as it is declared (a new route is fuzzed
// without a change here), gets generated inputs, valid and hostile, from its zod schemas. Public routes are
// called anonymously, staff routes as an admin holding every role. What must hold for each input: no 5xx,
// every refusal in the error envelope (BPJS's routes answer in BPJS's own), nothing written by a refusal,
// and no value of a refused input in the log. The counts are the issue's unless set smaller while working.
// The routes are split by kind over test files (`fuzz-*.test.ts`), each on an app and a database of its
// own, so that the runner gives each a core.

const runs = {
  public: Number(process.env.FUZZ_RUNS_PUBLIC ?? 10_000),
  staff: Number(process.env.FUZZ_RUNS_STAFF ?? 1_000),
  jkn: Number(process.env.FUZZ_RUNS_JKN ?? 1_000),
};
/** A part of the path to fuzz only the routes that have it, while working on one. */
const only = process.env.FUZZ_ONLY;
const bodyLimit = 64 * 1024;

/**
 * Tables a refusal writes to on purpose: the failure budgets it is charged to, the audit of what was asked
 * (the duty log keeps every handover attempt, a wrong password too), and the fuzzing admin's sessions; and
 * the audit of every read of patients' data, which an accepted read writes.
 */
const bookkeeping = new Set([
  'audit_log',
  'patient_reads',
  'sessions',
  'login_attempts',
  'write_budgets',
  'jkn_token_attempts',
  'duty_events',
]);

type Kind = keyof typeof runs;

interface Route {
  method: string;
  url: string;
  schema: NonNullable<RouteOptions['schema']>;
  bodyLimit?: number;
  kind: Kind;
}

const routes: Route[] = [];
let t: TestApp;
let admin: StaffLogin;
let base: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** BPJS's headers with a token, so that Mobile JKN's routes look at their input and not only at the caller. */
let jknHeaders: Record<string, string>;

/**
 * What Mobile JKN's fields name when they name what the hospital has: today's session of a clinic and its
 * doctor, a member on record with a card and an operation, and a booking of another member (for the
 * services that take a booking code). Bodies near these get past the contract to the services' rules (see
 * `requestOf`).
 */
let jknRecords: Record<string, unknown>;

async function jknRecordsOf(): Promise<Record<string, unknown>> {
  const { db } = t.database;
  const schedule = await createSchedule(db, { quotaJkn: 100_000, quotaNonJkn: 100_000 });
  const members = [];
  for (const insuranceNo of ['0009100000001', '0009100000002']) {
    const patient = await createPatient(db);
    await db.update(patients).set({ insuranceNo }).where(eq(patients.id, patient.id));
    members.push({ ...patient, insuranceNo });
  }
  const [member, other] = members as [(typeof members)[number], (typeof members)[number]];
  const today = localToday();
  await db.insert(operations).values({
    date: addDays(today, 1),
    queueOrder: 1,
    patientId: member.id,
    procedure: 'Appendektomi',
    theatre: 'OK 1',
  });
  const records: Record<string, unknown> = {
    ...schedule.bpjs,
    tanggalperiksa: today,
    tanggalawal: today,
    tanggalakhir: addDays(today, 7),
    nomorkartu: member.insuranceNo,
    nopeserta: member.insuranceNo,
    nik: member.nik,
    norm: member.mrn,
    nohp: '081234567890',
    jeniskunjungan: 1,
    nomorreferensi: '0701R0011126B000123',
  };
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/jkn/ambilantrean',
    headers: jknHeaders,
    payload: { ...records, nomorkartu: other.insuranceNo, nik: other.nik, norm: other.mrn },
  });
  const kodebooking = (booked.json() as { response?: { kodebooking?: string } }).response?.kodebooking;
  if (!kodebooking) throw new Error(`no Mobile JKN booking to fuzz with: ${booked.body}`);
  return { ...records, kodebooking, keterangan: 'Pasien berhalangan hadir', waktu: Date.now() };
}

async function bpjsToken(): Promise<Record<string, string>> {
  const user = { username: 'bpjs.fuzz', password: 'lumbung-padi-fajar-2026' };
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/jkn-credentials',
    headers: admin.headers,
    payload: user,
  });
  if (set.statusCode !== 200) throw new Error(`BPJS credentials not set: ${set.body}`);
  const issued = await t.app.inject({
    method: 'GET',
    url: '/api/jkn/token',
    headers: { 'x-username': user.username, 'x-password': user.password },
  });
  const token = (issued.json() as { response?: { token?: string } }).response?.token;
  if (!token) throw new Error(`no BPJS token: ${issued.body}`);
  return { 'x-username': user.username, 'x-token': token };
}

function collect(route: RouteOptions) {
  const methods = ([] as string[]).concat(route.method);
  const url = route.url ?? '';
  // Streams stay open, the docs are Swagger UI's; HEAD routes repeat their GET.
  if (!url.startsWith('/api/') || url.endsWith('/stream') || url.startsWith('/api/docs')) return;
  // Logging out would end the fuzzing admin's session; the login it undoes is fuzzed as a public route.
  if (url === '/api/auth/logout' || (only && !url.includes(only))) return;
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    const kind = url.startsWith('/api/jkn/') ? 'jkn' : route.onRequest ? 'staff' : 'public';
    routes.push({ method, url, schema: route.schema ?? {}, bodyLimit: route.bodyLimit, kind });
  }
}

/**
 * The rows the app has added and removed, by table: a trigger on every table but the bookkeeping counts
 * each row inserted or deleted, in the writing transaction (so a rolled-back write counts nothing). Read
 * after every write input, it is one small row set where counting every table was one count per table.
 */
async function watchWrites(tables: string[]) {
  const { db } = t.database;
  await db.execute(sql`create table fuzz_writes (name text primary key, n bigint not null)`);
  await db.execute(sql`
    create function fuzz_count_write() returns trigger language plpgsql as $$ begin
      insert into fuzz_writes values (tg_table_name, 1) on conflict (name) do update set n = fuzz_writes.n + 1;
      return null;
    end $$`);
  for (const table of tables)
    await db.execute(sql`
      create trigger fuzz_watch after insert or delete on ${sql.identifier(table)}
      for each row execute function fuzz_count_write()`);
}

const fingerprint = async () => {
  const { rows } = (await t.database.db.execute(
    sql`select coalesce(json_object_agg(name, n order by name), '{}') as writes from fuzz_writes`,
  )) as unknown as { rows: { writes: unknown }[] };
  const writes = rows[0]?.writes;
  return typeof writes === 'string' ? writes : JSON.stringify(writes);
};

/** The tables that gained or lost rows between two fingerprints. */
function changed(before: string, after: string): string[] {
  const [a, b] = [JSON.parse(before), JSON.parse(after)] as Record<string, unknown>[];
  return Object.keys(b ?? {}).filter((table) => String(a?.[table]) !== String(b?.[table]));
}

interface Tally {
  ms: number;
  sent: number;
  serverErrors: number;
  refused: number;
  accepted: number;
}
const tallies: Record<string, Tally> = {};
/** Mobile JKN's inputs sent and accepted per service: which of them reach the services' rules at all. */
const jknTallies = new Map<string, Tally>();
const tally = (kind: string) =>
  (tallies[kind] ??= { ms: 0, sent: 0, serverErrors: 0, refused: 0, accepted: 0 });

/**
 * Fuzzes the routes of these kinds, on an app and a database of this test file's own; `share` [n, of] takes
 * every of-th of them from the n-th (1-based), so that a kind's routes spread over several files.
 */
export function fuzzRoutes(kinds: Kind[], share: [number, number] = [1, 1]) {
  const [n, of] = share;
  const mine = () =>
    routes.filter((route) => kinds.includes(route.kind)).filter((_, index) => index % of === n - 1);

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: collect,
      bodyLimit,
      // The budgets would answer 429 before the schema is tried: the fuzz is after what comes behind them.
      publicWriteLimit: 1_000_000,
      registration: { writeLimit: 1_000_000 },
    });
    admin = await loginAsNew(t, { roles: [...staffRoles] });
    jknHeaders = await bpjsToken();
    if (kinds.includes('jkn')) jknRecords = await jknRecordsOf();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await watchWrites(
      Object.keys(await tableCounts(t.database.db)).filter((table) => !bookkeeping.has(table)),
    );
  }, 120_000);

  afterAll(async () => {
    for (const [kind, { ms, sent, serverErrors, refused, accepted }] of Object.entries(tallies)) {
      const endpoints = mine().filter((route) => route.kind === kind).length;
      console.log(
        `fuzz ${kind}: ${endpoints} endpoints, ${sent} inputs sent, ${serverErrors} 5xx seen, ` +
          `${refused} refused, ${accepted} accepted, in ${Math.round(ms / 1000)} s`,
      );
    }
    for (const [url, { sent, accepted }] of jknTallies)
      console.log(`fuzz jkn ${url}: ${sent} inputs sent, ${accepted} accepted`);
    agent.destroy();
    await t?.app.close();
  });

  describe(`fuzzing every ${kinds.join(' and ')} route${of > 1 ? ` (share ${n} of ${of})` : ''}`, () => {
    it('finds the routes the app declares', () => {
      if (only) return;
      expect(routes.filter((route) => route.kind === 'public').length).toBeGreaterThan(10);
      expect(routes.filter((route) => route.kind === 'staff').length).toBeGreaterThan(10);
    });

    it(
      'answers every generated input below 500, refusals in the envelope, writing and logging nothing of them',
      async () => {
        const failures: string[] = [];
        for (const route of mine()) {
          const count = runs[route.kind];
          const counts = tally(route.kind);
          const own = { ms: 0, sent: 0, serverErrors: 0, refused: 0, accepted: 0 };
          if (route.kind === 'jkn') jknTallies.set(route.url, own);
          const started = performance.now();
          // A read must write nothing at all (but bookkeeping); a write is checked input by input, since an
          // accepted one among refused ones would hide what they did.
          const writes = route.method !== 'GET';
          let before = await fingerprint();
          const logMark = t.logs.length;
          // A refused input's values are looked for in the log from its request on, up to the end of the next
          // input's (a line may be written after the answer): each line is read at most twice, where reading
          // the route's whole log for every value took longer than the requests at the issue's counts.
          let previous: { from: number; values: string[] } | undefined;
          const checkLog = () => {
            if (!previous) return;
            for (const value of leaked(previous.from, previous.values))
              failures.push(`${route.method} ${route.url}: a refused value is in the log: ${show(value)}`);
            previous = undefined;
          };

          await fc.assert(
            fc.asyncProperty(
              requestOf(route.schema, route.method, route.kind === 'jkn' ? jknRecords : undefined),
              async (input: Input) => {
                const from = t.logs.length;
                const res = await send(route, input);
                checkLog();
                counts.sent += 1;
                own.sent += 1;
                const refused = res.statusCode >= 400 || (route.kind === 'jkn' && bpjsCode(res.body) !== 200);
                if (writes) {
                  const after = await fingerprint();
                  if (refused && after !== before)
                    failures.push(
                      `${route.method} ${route.url}: ${res.statusCode} changed ${changed(before, after).join(', ')}: ${show(input)}`,
                    );
                  before = after;
                }
                if (res.statusCode >= 500 || res.statusCode === 0) {
                  counts.serverErrors += 1;
                  failures.push(
                    `${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 300)} for ${show(input)}`,
                  );
                  return;
                }
                if (!refused) {
                  counts.accepted += 1;
                  own.accepted += 1;
                  return;
                }
                counts.refused += 1;
                previous = { from, values: stringsOf(input) };
                if (route.kind === 'jkn') {
                  // What Node refuses before routing cannot know the route: it comes in the portal's envelope.
                  const envelope = errorResponseSchema.safeParse(JSON.parse(res.body)).success;
                  if (bpjsCode(res.body) === undefined && !envelope)
                    failures.push(
                      `${route.method} ${route.url}: ${res.statusCode} without metadata: ${res.body}`,
                    );
                } else if (!errorResponseSchema.safeParse(JSON.parse(res.body)).success) {
                  failures.push(
                    `${route.method} ${route.url}: ${res.statusCode} not in the envelope: ${res.body}`,
                  );
                }
                // A refused staff call that lost the session would leave the rest of the route unfuzzed.
                if (route.kind === 'staff' && res.statusCode === 401) {
                  admin = await loginAsNew(t, { roles: [...staffRoles] });
                  if (writes) before = await fingerprint();
                }
              },
            ),
            { numRuns: count, endOnFailure: true },
          );
          if (!writes && (await fingerprint()) !== before)
            failures.push(`${route.method} ${route.url}: a read changed the database`);
          checkLog();
          counts.ms += performance.now() - started;
          // The log of one route is read; the next starts afresh, so memory stays flat over all of them.
          t.logs.length = logMark;
          if (failures.length > 20) break;
        }
        expect(failures).toEqual([]);
      },
      60 * 60_000,
    );

    it('refuses a body over the limit with 413 in the envelope on every route that takes one', async () => {
      // The WhatsApp gateway's webhook checks its token before the body, as a session is checked; the fuzz has
      // no gateway token, so it answers 404 (no token configured) whatever the body.
      for (const route of mine().filter(
        (r) => r.method !== 'GET' && r.method !== 'DELETE' && r.url !== '/api/whatsapp/inbound',
      )) {
        const raw = JSON.stringify({ text: 'x'.repeat(route.bodyLimit ?? bodyLimit) });
        const contentType = route.schema.consumes?.[0] ?? 'application/json';
        const res = await inject(route, { params: {}, query: {}, raw, contentType });
        // BPJS's routes answer 200 with the refusal in their own `metadata`, as BPJS's clients expect.
        if (route.kind === 'jkn') {
          expect(res.json(), `${route.method} ${route.url}`).toHaveProperty('metadata');
          continue;
        }
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(413);
        expect(errorResponseSchema.safeParse(res.json()).success, res.body).toBe(true);
      }
    });
  });
}

/** Those of `values` that the log holds from line `from` on, as written, JSON-escaped or URL-encoded. */
function leaked(from: number, values: string[]): string[] {
  if (values.length === 0) return [];
  // The request log shows a route's pattern, never its values: the path is searched like the rest.
  const logged = t.logs
    .slice(from)
    .map((line) => JSON.stringify(line))
    .join('\n');
  return values.filter((value) =>
    [value, JSON.stringify(value).slice(1, -1), encoded(value)].some((form) => logged.includes(form)),
  );
}

/** The text as a query sends it; a lone surrogate has no such form (the request could not carry it). */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

/** BPJS's routes answer HTTP 200 and say in `metadata.code` whether they did what was asked. */
function bpjsCode(body: string): number | undefined {
  try {
    return (JSON.parse(body) as { metadata?: { code?: number } }).metadata?.code;
  } catch {
    return undefined;
  }
}

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);

interface Answer {
  statusCode: number;
  body: string;
}

/** The path with its parameters filled in and the query, as a client writes them. */
function pathOf(route: Route, input: Input): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(input.params[name] ?? 'x'),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query))
    for (const one of ([] as string[]).concat(value)) query.append(key, one);
  return query.size ? `${path}?${query}` : path;
}

const headersOf = (route: Route, input: Input) => ({
  ...(route.kind === 'staff' ? admin.headers : route.kind === 'jkn' ? jknHeaders : {}),
  ...(input.contentType ? { 'content-type': input.contentType } : {}),
});

/**
 * Over loopback HTTP, not `app.inject`: an injected request keeps its answer in memory for good (measured
 * with a bare Fastify 5.12 and light-my-request 6.6 and 6.8: 400 kB per call of a 400 kB answer, none over
 * HTTP), and the issue's counts would run the test out of memory.
 */
function send(route: Route, input: Input): Promise<Answer> {
  // The body with its length, as a client holding it whole sends it. A GET's body sent in chunks is left unread
  // once the answer is out: Node's parser takes it for the next request (HPE_INVALID_METHOD) and ends the
  // connection, which can reset before a large answer has reached the client.
  const length = input.raw === undefined ? {} : { 'content-length': Buffer.byteLength(input.raw) };
  const agentOptions = { agent, method: route.method, headers: { ...headersOf(route, input), ...length } };
  return new Promise((resolve) => {
    const req = request(`${base}${pathOf(route, input)}`, agentOptions, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', (err) => resolve({ statusCode: 0, body: String(err) }));
    });
    // A connection the server drops is an answer too, and not a good one: the check says which input.
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ statusCode: 0, body: String(err.code ?? err) }),
    );
    req.end(input.raw);
  });
}

/** One request through `app.inject`, for what is sent once per route (a body the server stops reading). */
const inject = (route: Route, input: Input) =>
  t.app.inject({
    method: route.method as 'GET',
    url: pathOf(route, input),
    headers: headersOf(route, input),
    ...(input.raw !== undefined ? { payload: input.raw } : {}),
  });
