import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  DatabaseBackend,
  OutboxChannel,
  SimrsFreshness,
  SystemStatus,
  SystemWarning,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { latestBackup } from '../../db/backup.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { countLiveSessions, type SessionPolicy } from '../auth/service.js';
import { linkStatus } from '../../simrs/link.js';
import { aplicaresSetup } from '../aplicares/reports.js';
import { outboxBacklog } from '../notifications/service.js';

/** What the server was built from. */
export interface BuildInfo {
  version: string;
  commit: string | null;
}

// From src/modules/system and from dist/modules/system alike: the server package's folder.
const serverDir = new URL('../../../', import.meta.url);

/**
 * The version from the server's package.json; the commit as the deployment gives it, else as git says where
 * the server runs from a checkout. Read once at start; nothing here may stop the server from starting.
 */
export function readBuildInfo(commit: string | undefined): BuildInfo {
  let version = 'unknown';
  try {
    const pkg = JSON.parse(readFileSync(new URL('package.json', serverDir), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // An installation without its package.json still answers, with an unknown version.
  }
  return { version, commit: commit ?? gitHead() };
}

function gitHead(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: fileURLToPath(serverDir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    return /^[0-9a-f]{40}$/.test(head) ? head : null;
  } catch {
    // No git, or not a checkout (an image built from an archive).
    return null;
  }
}

/** What the configuration says, for the warnings. */
export interface ConfigurationFacts {
  database: DatabaseBackend;
  bpjsAntrean: boolean;
  aplicares: boolean;
  whatsappGateway: boolean;
  cookieSecure: boolean;
  trustProxy: boolean;
  /** PUBLIC_URL, or the address the server made up without it. */
  publicUrl: string;
  metricsToken: boolean;
}

/** What the configuration says, from the configuration itself. */
export const configurationFacts = (
  config: Pick<
    Config,
    'bpjs' | 'notifications' | 'cookieSecure' | 'trustProxy' | 'registration' | 'metricsToken'
  >,
  database: DatabaseBackend,
): ConfigurationFacts => ({
  database,
  bpjsAntrean: config.bpjs.antrean !== undefined,
  aplicares: aplicaresSetup(config.bpjs) !== undefined,
  whatsappGateway: config.notifications.gatewayUrl !== undefined,
  cookieSecure: config.cookieSecure,
  trustProxy: config.trustProxy,
  publicUrl: config.registration.publicUrl,
  metricsToken: config.metricsToken !== undefined,
});

/** Per outbox channel, whether its other side is configured: without it, its messages wait in the outbox. */
export const channelsConfigured = (
  facts: Pick<ConfigurationFacts, 'whatsappGateway' | 'bpjsAntrean' | 'aplicares'>,
): Record<OutboxChannel, boolean> => ({
  whatsapp: facts.whatsappGateway,
  bpjs: facts.bpjsAntrean || facts.aplicares,
});

/** What the request that asks showed of the way to the server. */
export interface RequestFacts {
  /** Arrived over HTTPS, as Fastify tells: TLS here, or X-Forwarded-Proto from a trusted proxy. */
  https: boolean;
  /** Carried X-Forwarded-For: a proxy stands in front. */
  forwarded: boolean;
}

const warningMessages: Record<SystemWarning['code'], string> = {
  BPJS_ANTREAN_OFF:
    'Antrean RS BPJS belum dikonfigurasi (BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY): ' +
    'laporan antrean ke BPJS menunggu di outbox.',
  APLICARES_OFF:
    'Aplicares BPJS belum dikonfigurasi (BPJS_APLICARES_URL dan BPJS_PPK_CODE): ketersediaan tempat tidur ' +
    'tidak dilaporkan ke BPJS.',
  WHATSAPP_GATEWAY_OFF:
    'Gateway WhatsApp belum dikonfigurasi (WHATSAPP_GATEWAY_URL): pesan ke pasien menunggu di outbox.',
  COOKIE_SECURE_OFF:
    'Portal dibuka lewat HTTPS, tetapi COOKIE_SECURE tidak aktif: cookie sesi petugas tidak ditandai Secure.',
  TRUST_PROXY_OFF:
    'Permintaan datang lewat proxy (X-Forwarded-For), tetapi TRUST_PROXY tidak aktif: alamat klien di log ' +
    'dan batas permintaan adalah alamat proxy.',
  EMBEDDED_DATABASE:
    'Basis data tertanam (PGlite) cukup untuk uji coba; untuk produksi pakai PostgreSQL (DATABASE_URL).',
  METRICS_TOKEN_UNSET:
    'METRICS_TOKEN belum diisi: /metrics hanya menjawab permintaan langsung dari server ini, bukan Prometheus ' +
    'di mesin lain.',
};

/** What in the configuration needs an admin's attention, in a fixed order. */
export function configurationWarnings(config: ConfigurationFacts, request: RequestFacts): SystemWarning[] {
  const https = request.https || config.publicUrl.startsWith('https://');
  const raised: Record<SystemWarning['code'], boolean> = {
    BPJS_ANTREAN_OFF: !config.bpjsAntrean,
    APLICARES_OFF: !config.aplicares,
    WHATSAPP_GATEWAY_OFF: !config.whatsappGateway,
    COOKIE_SECURE_OFF: https && !config.cookieSecure,
    TRUST_PROXY_OFF: request.forwarded && !config.trustProxy,
    EMBEDDED_DATABASE: config.database === 'pglite',
    METRICS_TOKEN_UNSET: !config.metricsToken,
  };
  return Object.entries(warningMessages)
    .filter(([code]) => raised[code as SystemWarning['code']])
    .map(([code, message]) => ({ code: code as SystemWarning['code'], message }));
}

export interface SystemSetup {
  build: BuildInfo;
  workers: number;
  session: Pick<SessionPolicy, 'idleMinutes'>;
  /** Linked mode: SIMRS_DATABASE_URL without its password. */
  simrsTarget: string | null;
  configuration: ConfigurationFacts;
}

/** The size of the portal's database on disk, in bytes (PostgreSQL and PGlite alike). */
async function databaseSize(db: Database): Promise<number> {
  const [row] = await rowsOf<{ size: string | number }>(
    db.execute(sql`select pg_database_size(current_database()) as size`),
  );
  return Number(row?.size ?? 0);
}

/** Linked mode: the oldest table's copy and the newest failure still standing; standalone: not linked. */
export async function simrsFreshness(
  db: Database,
  setup: Pick<SystemSetup, 'simrsTarget'>,
): Promise<SimrsFreshness> {
  if (setup.simrsTarget === null)
    return { linked: false, syncedAt: null, lastError: null, lastErrorAt: null };
  const tables = await linkStatus(db);
  const synced = tables.map((table) => table.syncedAt);
  const oldest =
    synced.includes(null) || synced.length === 0
      ? null
      : (synced as Date[]).reduce((a, b) => (a < b ? a : b));
  const failing = tables
    .filter((table) => table.lastError !== null && table.lastErrorAt !== null)
    .sort((a, b) => (b.lastErrorAt?.getTime() ?? 0) - (a.lastErrorAt?.getTime() ?? 0))[0];
  return {
    linked: true,
    syncedAt: oldest?.toISOString() ?? null,
    lastError: failing?.lastError ?? null,
    lastErrorAt: failing?.lastErrorAt?.toISOString() ?? null,
  };
}

/** The state of the server for the system screen: build, database, process, outbox, sessions, warnings. */
export async function systemStatus(
  db: Database,
  setup: SystemSetup,
  request: RequestFacts,
): Promise<SystemStatus> {
  const [sizeBytes, backlog, staffSessions, backup, link] = await Promise.all([
    databaseSize(db),
    outboxBacklog(db),
    countLiveSessions(db, setup.session),
    latestBackup(db),
    setup.simrsTarget === null ? undefined : linkStatus(db),
  ]);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    checkedAt: new Date().toISOString(),
    version: setup.build.version,
    commit: setup.build.commit,
    node: process.version,
    database: { kind: setup.configuration.database, sizeBytes },
    startedAt: new Date(Math.round(performance.timeOrigin)).toISOString(),
    uptimeSeconds: Math.floor(process.uptime()),
    workers: setup.workers,
    staffSessions,
    outbox: backlog.map((channel) => ({
      ...channel,
      configured: channelsConfigured(setup.configuration)[channel.channel],
      oldestPendingAt: iso(channel.oldestPendingAt),
      oldestStuckAt: iso(channel.oldestStuckAt),
      lastSentAt: iso(channel.lastSentAt),
    })),
    backup: backup && {
      finishedAt: backup.finishedAt.toISOString(),
      file: backup.file,
      sizeBytes: backup.sizeBytes,
      kind: backup.kind,
      drilledAt: iso(backup.drilledAt),
    },
    warnings: configurationWarnings(setup.configuration, request),
    simrsLink:
      setup.simrsTarget === null || link === undefined
        ? null
        : {
            target: setup.simrsTarget,
            tables: link.map(({ lagSeconds: _, ...table }) => ({
              ...table,
              syncedAt: iso(table.syncedAt),
              lastErrorAt: iso(table.lastErrorAt),
            })),
          },
  };
}
