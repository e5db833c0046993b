import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benchmarks make their databases on (an admin connection). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const redacted = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

export interface BenchDatabase {
  admin: pg.Client;
  name: string;
  /** The new database's connection URL. */
  url: string;
  /** Drops the database and closes the admin connection. */
  drop(): Promise<void>;
}

/** An admin connection to the benchmark server, or null (with the reason printed under `bench`'s name). */
async function connectAdmin(bench: string): Promise<pg.Client | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    return admin;
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    console.log(
      `${bench}: SKIPPED, PostgreSQL at ${redacted(adminUrl)} is unreachable (${reason}); set BENCH_DATABASE_URL to an admin connection to run it`,
    );
    await admin.end().catch(() => {});
    return null;
  }
}

const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A new database `portal_bench_<random>` on the benchmark server (a copy of `template` when named), or
 * null (with the reason printed under `bench`'s name) when the server cannot be reached.
 */
export async function createBenchDatabase(bench: string, template?: string): Promise<BenchDatabase | null> {
  const admin = await connectAdmin(bench);
  if (!admin) return null;
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  // Identifiers cannot be bound as parameters; the names are ours and escaped anyway.
  await admin.query(
    `create database ${admin.escapeIdentifier(name)}${template ? ` template ${admin.escapeIdentifier(template)}` : ''}`,
  );
  return {
    admin,
    name,
    url: urlOf(name),
    async drop() {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The URL of the database `name` on the benchmark server, kept between runs (made when missing), or null
 * when the server cannot be reached.
 */
export async function keptBenchDatabase(bench: string, name: string): Promise<string | null> {
  const admin = await connectAdmin(bench);
  if (!admin) return null;
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return urlOf(name);
}
