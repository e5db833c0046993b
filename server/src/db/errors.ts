interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

/**
 * True for a unique-constraint violation (SQLSTATE 23505), optionally of one named constraint.
 * Drizzle wraps the driver's error, so the details may sit on `cause`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as PgError;
  const pg = e.code === undefined && e.cause ? e.cause : e;
  return pg.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
