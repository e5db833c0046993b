/**
 * The portal's scaling with server processes (issue 34's table), on a machine of its own: the server,
 * PostgreSQL and the load generator each pinned to cores of their own (SERVER_CPUS, PG_CPUS, LOAD_CPUS;
 * this process runs on LOAD_CPUS). On a new database with the demo data and PATIENTS patients:
 *
 * - bookings, for each BOOK_WORKERS value: the bursts of ../bookings.ts (1,000 from 1,000 addresses, from
 *   one kiosk, for 100 places, each checked in the database), on a copy of the database of their own,
 *   against its anchor (the bare conditional UPDATE) run before and after them;
 * - reads, for each WORKERS value: `GET /api/beds`, `/api/duty` and `/api/queue/board` loaded by wrk,
 *   alternated with runs of the bare Fastify route (../bare-route.mjs) of as many processes, whose median
 *   run is that value's ceiling.
 *
 * Writes $OUT/table.md (and results.json) after every step, so that a run stopped at DEADLINE (seconds
 * since the epoch) keeps what it measured. run.sh runs it bundled (pack.sh); with tsx it runs from a
 * built checkout against any PostgreSQL (ADMIN_URL, an admin connection).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { anchor, BURST, type Burst, type BurstResult, bookingBurst, seedBookings } from '../bookings.ts';
import { CONNECTIONS } from '../load.ts';

const env = process.env;
const numbers = (s: string) => s.split(',').filter(Boolean).map(Number);
/** A taskset list (`0-3,8`) as its cores. */
const cores = (list: string) =>
  list.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });

const adminUrl = env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = env.SCALING_DATABASE ?? 'portal_scaling';
const patients = Number(env.PATIENTS ?? 100_000);
const readWorkers = numbers(env.WORKERS_LIST ?? '1,2,4,8');
const bookWorkers = numbers(env.BOOK_WORKERS ?? '1,4');
const seconds = Number(env.DUR ?? 5);
const warmUpSeconds = Number(env.WARM ?? 2);
const anchorSeconds = Number(env.ANCHOR_SECONDS ?? 3);
const connections = Number(env.CONN ?? 128);
const port = Number(env.APP_PORT ?? 3160);
const barePort = port + 1;
const cpus = { server: env.SERVER_CPUS, postgres: env.PG_CPUS, load: env.LOAD_CPUS, all: env.ALL_CPUS };
const threads = cpus.load ? cores(cpus.load).length : 4;
const deadline = env.DEADLINE ? Number(env.DEADLINE) * 1000 : Number.POSITIVE_INFINITY;
const out = env.OUT ?? '.';
const node = env.NODE ?? process.execPath;
const wrkBin = env.WRK ?? 'wrk';
const taskset = env.TASKSET ?? 'taskset';
/** The portal: the checkout, or the payload's app folder (this file's bundle lies at the same place). */
const appRoot = fileURLToPath(new URL('../../../', import.meta.url));
const bareRoute = fileURLToPath(new URL('../bare-route.mjs', import.meta.url));
const scratch = env.SCRATCH ?? mkdtempSync(path.join(os.tmpdir(), 'portal-scaling-'));
/** The commit the payload was packed from (pack.sh writes it). */
const commit = (() => {
  try {
    return readFileSync(path.join(appRoot, 'COMMIT'), 'utf8').trim().slice(0, 12);
  } catch {
    return 'the checkout';
  }
})();

const paths = { beds: '/api/beds', duty: '/api/duty', 'queue board': '/api/queue/board' } as const;
type Target = keyof typeof paths | 'ceiling';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The run's start (run.sh's, when it started this), for the times in the log. */
const started = env.T0 ? Number(env.T0) * 1000 : Date.now();
const log = (line: string) =>
  console.log(
    `[${new Date().toISOString().slice(11, 19)} +${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`,
  );
/** What the time limit left out, once it did. */
let stoppedBefore: string | undefined;
/** Whether `s` more seconds end before the deadline; says so when they do not. */
function fits(s: number, what: string) {
  if (Date.now() + s * 1000 < deadline) return true;
  stoppedBefore ??= what;
  log(`time limit: ${what} not measured`);
  return false;
}

const pinned = (list: string | undefined, command: string[]) =>
  list ? [taskset, '-c', list, ...command] : command;

// ---- CPU: each core's busy share (/proc/stat) and a process tree's CPU seconds (/proc/<pid>/stat)
type CoreTimes = Map<number, { total: number; idle: number }>;
function coreTimes(): CoreTimes {
  const times: CoreTimes = new Map();
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const [name, ...fields] = line.trim().split(/\s+/);
    if (!name || !/^cpu\d+$/.test(name)) continue;
    const v = fields.slice(0, 8).map(Number);
    times.set(Number(name.slice(3)), {
      total: v.reduce((a, b) => a + b, 0),
      idle: (v[3] ?? 0) + (v[4] ?? 0),
    });
  }
  return times;
}
/** Percent busy of the cores `list` between two readings. */
function busy(list: string | undefined, a: CoreTimes, b: CoreTimes) {
  let total = 0;
  let idle = 0;
  for (const c of list ? cores(list) : [...a.keys()]) {
    const x = a.get(c);
    const y = b.get(c);
    if (!x || !y) continue;
    total += y.total - x.total;
    idle += y.idle - x.idle;
  }
  return total ? Math.round((100 * (total - idle)) / total) : Number.NaN;
}
function procStat(pid: number) {
  try {
    // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return undefined;
  }
}
/** `pid` and its descendants. */
function tree(pid: number) {
  const parents: [number, number][] = [];
  for (const d of readdirSync('/proc')) {
    const s = /^\d+$/.test(d) ? procStat(Number(d)) : undefined;
    if (s) parents.push([Number(d), s.ppid]);
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) for (const [p, pp] of parents) if (pp === all[i]) all.push(p);
  return all;
}
/** CPU seconds used so far by `pid` and its descendants (clock ticks of 1/100 s on Linux). */
const cpuSeconds = (pid: number) => tree(pid).reduce((sum, p) => sum + (procStat(p)?.ticks ?? 0), 0) / 100;

// ---- servers
interface Server {
  name: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** `node args…` on the server's cores, answering /api/health on `at`, with all `processes` started. */
async function startServer(name: string, args: string[], at: number, processes: number, extra: object) {
  const logFile = openSync(path.join(out, `server-${name}.log`), 'a');
  const [command, ...rest] = pinned(cpus.server, [node, ...args]) as [string, ...string[]];
  const child = spawn(command, rest, {
    cwd: appRoot,
    env: { ...env, ...extra },
    stdio: ['ignore', logFile, logFile],
  });
  const server: Server = { name, child, exited: new Promise((r) => child.once('exit', r)) };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null)
        throw new Error(`${name} exited with ${child.exitCode}: see server-${name}.log`);
      if (i > 600) throw new Error(`${name} did not answer in 60 s`);
      try {
        if ((await fetch(`http://127.0.0.1:${at}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    // A cluster answers once one worker listens: wait until all are started and the tree is idle (under a
    // tenth of a core for half a second), so that no worker still starting takes the cores of a run.
    for (let i = 0; i < 60; i++) {
      const before = cpuSeconds(child.pid as number);
      await sleep(500);
      const all = tree(child.pid as number).length >= (processes > 1 ? processes + 1 : 1);
      if (all && cpuSeconds(child.pid as number) - before < 0.05) break;
    }
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return server;
}

async function stopServer({ name, child, exited }: Server) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const pids = tree(child.pid as number);
  const t0 = Date.now();
  child.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const p of pids) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // ended
      }
    }
  }, 15_000);
  await exited;
  clearTimeout(killer);
  if (Date.now() - t0 > 2000) log(`${name} took ${((Date.now() - t0) / 1000).toFixed(1)} s to stop`);
  await sleep(500);
}

/** The built portal with `workers` processes on the database at `url`. */
const startPortal = (name: string, workers: number, url: string, extra: object = {}) =>
  startServer(name, ['server/dist/main.js'], port, workers, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    WORKERS: String(workers),
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(scratch, 'data'),
    ...extra,
  });

// ---- wrk
interface ReadRun {
  workers: number;
  target: Target;
  perSecond: number;
  p50: number;
  p99: number;
  errors: string;
  /** Cores the server's processes used; percent busy of the server's, the load's, PostgreSQL's cores. */
  serverCores: number;
  busy: { server: number; load: number; postgres: number };
}

const ms = (text = '') => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'] : Number.NaN;
};

function wrk(url: string, s: number, label: string, serverPid: number): Omit<ReadRun, 'workers' | 'target'> {
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${s}s`, '--latency', url];
  const [command, ...rest] = pinned(cpus.load, [wrkBin, ...args]) as [string, ...string[]];
  const c0 = coreTimes();
  const s0 = cpuSeconds(serverPid);
  const t0 = performance.now();
  const r = spawnSync(command, rest, { encoding: 'utf8', timeout: (s + 30) * 1000 });
  const wall = (performance.now() - t0) / 1000;
  const c1 = coreTimes();
  const text = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
  writeFileSync(path.join(out, 'raw-wrk.txt'), `### ${label}: wrk ${args.join(' ')}\n${text}\n`, {
    flag: 'a',
  });
  const match = (re: RegExp) => re.exec(text)?.[1];
  const non2xx = match(/Non-2xx or 3xx responses:\s+(\d+)/);
  const socket = match(/Socket errors: (.*)/);
  return {
    perSecond: Number(match(/Requests\/sec:\s+([\d.]+)/) ?? Number.NaN),
    p50: ms(match(/\n\s+50%\s+(\S+)/)),
    p99: ms(match(/\n\s+99%\s+(\S+)/)),
    errors: [
      non2xx && `${non2xx} non-2xx`,
      socket && `socket errors ${socket.trim()}`,
      r.status !== 0 && `wrk exit ${r.status}`,
    ]
      .filter(Boolean)
      .join(', '),
    serverCores: (cpuSeconds(serverPid) - s0) / wall,
    busy: {
      server: busy(cpus.server, c0, c1),
      load: busy(cpus.load, c0, c1),
      postgres: busy(cpus.postgres, c0, c1),
    },
  };
}

// ---- the database
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = new pg.Client({ connectionString: adminUrl });

/** The portal's CLI on every allowed core (this process and its children run on the load's). */
function cli(args: string[], url: string) {
  const [command, ...rest] = pinned(cpus.all, [node, 'server/dist/cli.js', ...args]) as [string, ...string[]];
  const r = spawnSync(command, rest, { cwd: appRoot, env: { ...env, DATABASE_URL: url }, encoding: 'utf8' });
  writeFileSync(path.join(out, 'seed.log'), `$ cli ${args.join(' ')}\n${r.stdout}${r.stderr}\n`, {
    flag: 'a',
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.status}): see seed.log`);
  return r.stdout.trim().split('\n').at(-1) ?? '';
}

async function prepare() {
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(database)} with (force)`);
  await admin.query(`create database ${admin.escapeIdentifier(database)}`);
  const url = urlOf(database);
  log(`seed demo: ${cli(['seed', 'demo'], url)}`);
  log(`seed patients: ${cli(['seed', 'patients', '--count', String(patients)], url)}`);
  // Fresh planner statistics, which the bookings' copies of it keep too.
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('vacuum analyze').finally(() => db.end());
  const { rows } = await admin.query<{ v: string }>(`select current_setting('server_version') as v`);
  return { url, version: rows[0]?.v ?? '?' };
}

// ---- bookings
interface BookingRow {
  workers: number;
  anchor: { before: number; after: number; p99: number };
  bursts: (BurstResult & { burst: Burst; serverCores: number; busy: ReadRun['busy'] })[];
}
const bookings: BookingRow[] = [];
const bursts = [
  ['addresses', `${BURST} from ${BURST} addresses`],
  ['kiosk', `${BURST} from one kiosk`],
  ['contest', `${BURST} for 100 places`],
] as const;

async function bookingsAt(workers: number) {
  // A copy of the database per run: the fixtures of bookings.ts are one set per database.
  const name = `${database}_book_w${workers}`;
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.query(
    `create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(database)}`,
  );
  const url = urlOf(name);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const bench = await seedBookings(db);
    const before = await anchor(url, bench, anchorSeconds);
    log(`W=${workers} anchor before: ${before.perSecond.toFixed(0)}/s, p99 ${before.p99.toFixed(1)} ms`);
    const row: BookingRow = {
      workers,
      anchor: { before: before.perSecond, after: Number.NaN, p99: before.p99 },
      bursts: [],
    };
    // Client addresses from X-Forwarded-For; the kiosk's budget raised out of the way of its burst.
    const portal = await startPortal(`book-w${workers}`, workers, url, {
      TRUST_PROXY: 'true',
      REGISTRATION_WRITE_LIMIT: '100000',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const warmUp = await bookingBurst(base, db, bench, 'warmUp');
      if (warmUp.problems.length) log(`W=${workers} warm-up: ${warmUp.problems.join('; ')}`);
      for (const [burst, label] of bursts) {
        const c0 = coreTimes();
        const s0 = cpuSeconds(portal.child.pid as number);
        const r = await bookingBurst(base, db, bench, burst);
        const c1 = coreTimes();
        const serverCores = (cpuSeconds(portal.child.pid as number) - s0) / r.seconds;
        const b = {
          server: busy(cpus.server, c0, c1),
          load: busy(cpus.load, c0, c1),
          postgres: busy(cpus.postgres, c0, c1),
        };
        row.bursts.push({ ...r, burst, serverCores, busy: b });
        log(
          `W=${workers} ${label}: ${r.perSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)} ms, ` +
            `busy % server/load/PostgreSQL ${b.server}/${b.load}/${b.postgres}, ${r.problems.join('; ') || 'checked'}`,
        );
      }
    } finally {
      await stopServer(portal);
    }
    // After the server stopped, as before it: no server receives the session's change notifications.
    const after = await anchor(url, bench, anchorSeconds);
    log(`W=${workers} anchor after: ${after.perSecond.toFixed(0)}/s, p99 ${after.p99.toFixed(1)} ms`);
    row.anchor.after = after.perSecond;
    row.anchor.p99 = Math.max(before.p99, after.p99);
    bookings.push(row);
  } finally {
    await db.end();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  }
}

// ---- reads
const reads: ReadRun[] = [];

async function readsAt(workers: number, url: string) {
  const portal = await startPortal(`w${workers}`, workers, url);
  try {
    const bare = await startServer(
      `bare-w${workers}`,
      [bareRoute, String(barePort), String(workers)],
      barePort,
      workers,
      {},
    );
    try {
      for (const p of Object.values(paths)) {
        const res = await fetch(`http://127.0.0.1:${port}${p}`);
        if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
        await res.arrayBuffer();
      }
      // The ceiling before and after each read: its median is the ceiling of this WORKERS value.
      const order: Target[] = [
        'ceiling',
        ...(Object.keys(paths) as Target[]).flatMap((t) => [t, 'ceiling' as const]),
      ];
      for (const target of order) {
        if (!fits(warmUpSeconds + seconds + 2, `WORKERS=${workers} ${target} and the rest`)) return;
        const ceiling = target === 'ceiling';
        const url = ceiling
          ? `http://127.0.0.1:${barePort}/api/health`
          : `http://127.0.0.1:${port}${paths[target]}`;
        const pid = (ceiling ? bare : portal).child.pid as number;
        if (warmUpSeconds > 0) wrk(url, warmUpSeconds, `warm-up W=${workers} ${target}`, pid);
        const r = { workers, target, ...wrk(url, seconds, `W=${workers} ${target}`, pid) };
        reads.push(r);
        log(
          `W=${workers} ${target.padEnd(11)} ${r.perSecond.toFixed(0).padStart(7)} req/s, p50 ${r.p50} p99 ${r.p99} ms, ` +
            `server ${r.serverCores.toFixed(2)} cores, busy % server/load/PostgreSQL ${r.busy.server}/${r.busy.load}/${r.busy.postgres}` +
            (r.errors ? `, ${r.errors}` : ''),
        );
      }
    } finally {
      await stopServer(bare);
    }
  } finally {
    await stopServer(portal);
  }
}

// ---- the table
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const whole = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
/** `a–b` of `xs` to `digits` places, or one number when they round alike. */
const range = (digits: number) => (xs: number[]) => {
  const finite = xs.filter(Number.isFinite);
  if (!finite.length) return '–';
  const [lo, hi] = [Math.min(...finite).toFixed(digits), Math.max(...finite).toFixed(digits)];
  return lo === hi ? lo : `${lo}–${hi}`;
};
const busyText = (b: ReadRun['busy'][]) =>
  (['server', 'load', 'postgres'] as const).map((k) => range(0)(b.map((x) => x[k]))).join(' / ');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function readRows() {
  const first = readWorkers[0] as number;
  const targets = Object.keys(paths) as Target[];
  const rate = (w: number, t: Target) =>
    median(reads.filter((r) => r.workers === w && r.target === t).map((r) => r.perSecond));
  const lines = [
    row([
      'WORKERS',
      ...targets,
      `× ${first === 1 ? 'one worker' : `${first} workers`}`,
      'share of the ceiling',
    ]) +
      ' ceiling: bare route, median of its runs (all runs) | p99 ms | busy % server / load / PostgreSQL cores |',
    `|${'--:|'.repeat(targets.length + 5)}---|`,
  ];
  for (const w of readWorkers) {
    const runs = reads.filter((r) => r.workers === w && r.target !== 'ceiling');
    if (!runs.length) continue;
    const ceilings = reads.filter((r) => r.workers === w && r.target === 'ceiling').map((r) => r.perSecond);
    const ceiling = median(ceilings);
    const errors = reads.filter((r) => r.workers === w && r.errors).map((r) => `${r.target}: ${r.errors}`);
    lines.push(
      row([
        w,
        ...targets.map((t) => whole(rate(w, t))),
        range(2)(targets.map((t) => rate(w, t) / rate(first, t))),
        range(2)(targets.map((t) => rate(w, t) / ceiling)),
        `${whole(ceiling)} (${whole(Math.min(...ceilings))}–${whole(Math.max(...ceilings))})`,
        range(1)(runs.map((r) => r.p99)),
        [busyText(runs.map((r) => r.busy)), ...errors].join('; '),
      ]),
    );
  }
  return lines;
}

function bookingRows() {
  const lines = [
    row(['WORKERS', ...bursts.map(([, label]) => `bookings/s, ${label}`), 'share of the anchor', 'p99 ms']) +
      ' anchor, attempts/s (before, after) | busy % server / load / PostgreSQL cores | checks |',
    '|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const b of bookings) {
    const anchorRate = (b.anchor.before + b.anchor.after) / 2;
    // The contested burst is refused 900 times: a check, not a rate held to the anchor.
    const timed = b.bursts.filter((r) => r.burst !== 'contest');
    const problems = b.bursts.flatMap((r) => r.problems.map((p) => `${r.burst}: ${p}`));
    lines.push(
      row([
        b.workers,
        ...bursts.map(([burst]) => whole(b.bursts.find((r) => r.burst === burst)?.perSecond ?? Number.NaN)),
        range(2)(timed.map((r) => r.perSecond / anchorRate)),
        range(0)(timed.map((r) => r.p99)),
        `${whole(anchorRate)} (${whole(b.anchor.before)}, ${whole(b.anchor.after)})`,
        busyText(b.bursts.map((r) => r.busy)),
        problems.join('; ') || 'all booked, never oversold, numbers gap-free',
      ]),
    );
  }
  return lines;
}

/** Issue 34's goal for bookings from 1,000 addresses, as far as the runs measured it. */
function bookingGoal() {
  const addresses = (w: number) =>
    bookings.find((b) => b.workers === w)?.bursts.find((r) => r.burst === 'addresses');
  const one = addresses(1);
  const four = addresses(4);
  const oneAnchor = bookings.find((b) => b.workers === 1)?.anchor;
  const parts: string[] = [];
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  if (one && oneAnchor) {
    const share = one.perSecond / ((oneAnchor.before + oneAnchor.after) / 2);
    parts.push(`one worker ≥ 0.5 of the anchor: ${share.toFixed(2)}, ${check(share >= 0.5)}`);
  }
  if (one && four) {
    const times = four.perSecond / one.perSecond;
    parts.push(`four workers ≥ 2 × one: ${times.toFixed(2)} ×, ${check(times >= 2)}`);
    parts.push(`p99 ≤ 100 ms at four workers: ${four.p99.toFixed(0)} ms, ${check(four.p99 <= 100)}`);
  }
  return parts.length ? ['', `Bookings from 1,000 addresses, issue 34's goal: ${parts.join('; ')}.`] : [];
}

function table(version: string) {
  const missing = [
    ...bookWorkers
      .filter((w) => !bookings.some((b) => b.workers === w))
      .map((w) => `bookings at WORKERS=${w}`),
    ...readWorkers.flatMap((w) => {
      const left = Object.keys(paths).filter((t) => !reads.some((r) => r.workers === w && r.target === t));
      return left.length ? [`reads at WORKERS=${w} (${left.join(', ')})`] : [];
    }),
  ];
  const cpu = os.cpus();
  return [
    `# Scaling with server processes, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- machine: ${cpu[0]?.model.trim() ?? '?'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}`,
    `- cores: server ${cpus.server ?? 'any'}, PostgreSQL ${cpus.postgres ?? 'any'}, load generator ${cpus.load ?? 'any'}`,
    `- the portal at ${commit}; Node ${process.version}, PostgreSQL ${version} with jit=off, the demo data and ${whole(patients)} patients`,
    `- reads: wrk -t${threads} -c${connections}, ${warmUpSeconds} s warm-up then ${seconds} s per run; ` +
      `bookings: ${CONNECTIONS} connections, the anchor ${anchorSeconds} s before and after`,
    '',
    ...readRows(),
    '',
    ...bookingRows(),
    ...bookingGoal(),
    ...(missing.length
      ? ['', `Not measured${stoppedBefore ? ' (time limit)' : ''}: ${missing.join(', ')}.`]
      : []),
    '',
    `Written ${((Date.now() - started) / 1000).toFixed(0)} s into the run.`,
    '',
  ].join('\n');
}

function save(version: string) {
  writeFileSync(path.join(out, 'table.md'), table(version));
  writeFileSync(path.join(out, 'results.json'), JSON.stringify({ reads, bookings }, null, 1));
}

async function main() {
  const { url, version } = await prepare();
  log(
    `PostgreSQL ${version}, database ${database}; bookings at WORKERS ${bookWorkers}, reads at ${readWorkers}`,
  );
  save(version);
  try {
    // A run of bookings takes as long as the last one did, or at first its anchors and about 20 s.
    let bookingSeconds = 2 * (anchorSeconds + 1) + 20;
    for (const w of bookWorkers) {
      if (!fits(bookingSeconds, `bookings at WORKERS=${w} and the rest`)) break;
      const t0 = Date.now();
      await bookingsAt(w);
      bookingSeconds = (Date.now() - t0) / 1000;
      save(version);
    }
    for (const w of readWorkers) {
      if (stoppedBefore) break;
      await readsAt(w, url);
      save(version);
    }
  } finally {
    save(version);
    await admin.end();
    if (!env.SCRATCH) rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
