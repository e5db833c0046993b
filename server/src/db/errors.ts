import { DrizzleQueryError } from 'drizzle-orm';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

/** The driver's error under Drizzle's wrapping (its details sit on `cause`), or the error itself. */
function driverError(err: unknown): PgError {
  const e = err as PgError;
  return e.code === undefined && e.cause ? e.cause : e;
}

/** The SQLSTATE (or the driver's own code) of a failed query, wherever Drizzle left it. */
export function sqlState(err: unknown): string | undefined {
  const { code } = driverError(err);
  return typeof code === 'string' ? code : undefined;
}

/** True for a unique-constraint violation (SQLSTATE 23505), optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = driverError(err);
  return pg.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** SQLSTATEs of a server shutting down, crashed or starting up (class 57P), besides class 08 below. */
const unavailableStates = new Set(['57P01', '57P02', '57P03']);
/** The socket to the server failed: refused, reset, timed out, or the host is not there. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says, in words only, of a connection it lost or could not make in time. */
const lostConnection =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * True when a query failed because PostgreSQL could not be reached (it restarts, the network failed), not
 * because of the query: the same request may succeed in a moment. Drizzle wraps the driver's error in its
 * own (with `cause`); a transaction that gets no connection throws the driver's error as it is.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  const e = err instanceof DrizzleQueryError ? err.cause : err;
  if (!(e instanceof Error)) return false;
  const { code } = e as { code?: unknown };
  if (typeof code === 'string') {
    if (unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code) || socketCodes.has(code)) return true;
  }
  return lostConnection.test(e.message);
}
