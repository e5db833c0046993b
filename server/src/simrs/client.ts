import type { Readable } from 'node:stream';
import mysql, { type PoolConnection, type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import { parseSimrsUrl, type SimrsTarget } from './url.js';

// The one way into the hospital's SIMRS (MariaDB or MySQL). Statements are written whole, with `?` for
// values and `??` for identifiers, which the driver escapes: no SQL is put together from values. Dates
// come back as the text the server holds ('2026-01-11', '0000-00-00', '2026-01-11 08:00:00'), decimals as
// text, so nothing is shifted by a time zone or rounded on the way.

/** A value for a `?` placeholder; for `??`, a column or table name (a string, or [table, column]). */
export type SimrsValue = string | number | bigint | boolean | Date | Buffer | null | readonly SimrsValue[];

/** What a statement that changes rows says. */
export interface SimrsResult {
  affectedRows: number;
  /** The record number (`sr_recno`) an INSERT gave its row. */
  insertId: number;
  /** The server's summary (`Records: 3  Duplicates: 0  Warnings: 0`), '' when it says none. */
  info: string;
  warningCount: number;
}

/** One warning or note the server left about the last statement (SHOW WARNINGS). */
export interface SimrsWarning {
  level: string;
  code: number;
  message: string;
}

export interface SimrsQueries {
  /** The rows of a SELECT (or SHOW …), as objects by column name. */
  rows<Row extends object>(sql: string, values?: readonly SimrsValue[]): Promise<Row[]>;
  /** An INSERT, UPDATE, DELETE or DDL statement. */
  run(sql: string, values?: readonly SimrsValue[]): Promise<SimrsResult>;
}

export interface SimrsClient extends SimrsQueries {
  /** Where it connects, without the password (for logs). */
  readonly target: string;
  /** Runs `work` on one connection inside a transaction: committed when it returns, rolled back if it throws. */
  transaction<T>(work: (tx: SimrsQueries) => Promise<T>): Promise<T>;
  /**
   * A `LOAD DATA LOCAL INFILE` statement with `source` as its file, without a per-query time limit (a
   * million rows take minutes), and the server's first warnings about it.
   */
  load(
    sql: string,
    values: readonly SimrsValue[],
    source: () => Readable,
  ): Promise<SimrsResult & { warnings: SimrsWarning[] }>;
  close(): Promise<void>;
}

export interface SimrsClientOptions {
  /** Connections kept at most: the SIMRS serves its own users first. */
  connectionLimit?: number;
  /** A statement that runs longer fails, and its connection is closed rather than reused. */
  queryTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/**
 * The SQL mode of every connection, whatever the server's default (a legacy server may run without
 * strict mode, or with ANSI_QUOTES): strict, so that a value too long or of the wrong shape is refused
 * rather than cut or turned into zero. Zero dates stay allowed: the legacy writes '0000-00-00' for none.
 */
const sessionSqlMode = 'STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';

const timedOut = (err: unknown) => (err as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT';

const result = (header: ResultSetHeader): SimrsResult => ({
  affectedRows: header.affectedRows,
  insertId: header.insertId,
  info: header.info ?? '',
  warningCount: header.warningStatus,
});

/** A statement as the driver sends it, values escaped in place: for a person (a DBA) to run. */
export const formatStatement = ({ sql, values }: { sql: string; values: readonly SimrsValue[] }) =>
  mysql.format(sql, values as Parameters<typeof mysql.format>[1]);

/** A pool on the SIMRS at `url` (mysql://user:password@host:port/database); connects on first use. */
export function openSimrs(url: string, options: SimrsClientOptions = {}): SimrsClient {
  const target: SimrsTarget = parseSimrsUrl(url);
  const queryTimeoutMs = options.queryTimeoutMs ?? 30_000;
  const pool = mysql.createPool({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    connectionLimit: options.connectionLimit ?? 4,
    maxIdle: 1,
    idleTimeout: 60_000,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    enableKeepAlive: true,
    charset: 'UTF8MB4_UNICODE_CI',
    dateStrings: true,
    supportBigNumbers: true,
    decimalNumbers: false,
    multipleStatements: false,
  });
  // Queued ahead of anything else on a new connection; one that cannot take it is not used.
  pool.pool.on('connection', (connection) => {
    connection.query('SET SESSION sql_mode = ?', [sessionSqlMode], (err) => {
      if (err) connection.destroy();
    });
  });

  /** One statement on a pooled connection; a statement that timed out takes its connection with it. */
  const onConnection = async <T>(work: (connection: PoolConnection) => Promise<T>): Promise<T> => {
    const connection = await pool.getConnection();
    let reusable = true;
    try {
      return await work(connection);
    } catch (err) {
      if (timedOut(err)) reusable = false;
      throw err;
    } finally {
      if (reusable) connection.release();
      else connection.destroy();
    }
  };

  const queriesOn = (connection: PoolConnection): SimrsQueries => ({
    async rows<Row extends object>(sql: string, values: readonly SimrsValue[] = []) {
      const [rows] = await connection.query<RowDataPacket[]>({
        sql,
        values: [...values],
        timeout: queryTimeoutMs,
      });
      return rows as Row[];
    },
    async run(sql: string, values: readonly SimrsValue[] = []) {
      const [header] = await connection.query<ResultSetHeader>({
        sql,
        values: [...values],
        timeout: queryTimeoutMs,
      });
      return result(header);
    },
  });

  return {
    target: `${target.host}:${target.port}/${target.database}`,
    rows: (sql, values) => onConnection((connection) => queriesOn(connection).rows(sql, values)),
    run: (sql, values) => onConnection((connection) => queriesOn(connection).run(sql, values)),
    transaction: (work) =>
      onConnection(async (connection) => {
        await connection.beginTransaction();
        try {
          const value = await work(queriesOn(connection));
          await connection.commit();
          return value;
        } catch (err) {
          if (!timedOut(err)) await connection.rollback().catch(() => undefined);
          throw err;
        }
      }),
    load: (sql, values, source) =>
      onConnection(async (connection) => {
        const [header] = await connection.query<ResultSetHeader>({
          sql,
          values: [...values],
          infileStreamFactory: source,
        });
        const warnings =
          header.warningStatus > 0 ? await connection.query<RowDataPacket[]>('SHOW WARNINGS LIMIT 20') : [[]];
        return {
          ...result(header),
          warnings: (warnings[0] as { Level: string; Code: number; Message: string }[]).map((w) => ({
            level: w.Level,
            code: w.Code,
            message: w.Message,
          })),
        };
      }),
    close: () => pool.end(),
  };
}
