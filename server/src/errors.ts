/**
 * The one error type thrown by services and routes; the error handler turns it into the
 * API envelope `{"error":{"code","message","fields"?,"current"?}}`. Messages are for people: Bahasa Indonesia.
 */
export class AppError extends Error {
  readonly fields?: Record<string, string>;
  /** The record as it stands now, when a write met a newer version (409 `SIMRS_CONFLICT`). */
  readonly current?: Record<string, unknown>;
  /** Seconds after which a throttled caller may try again (sent as Retry-After). */
  readonly retryAfter?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    extra: { fields?: Record<string, string>; current?: Record<string, unknown>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = extra.fields;
    this.current = extra.current;
    this.retryAfter = extra.retryAfter;
  }
}

export const notFound = (message = 'Data tidak ditemukan.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** PostgreSQL cannot be reached (it restarts, the network failed): the same request may succeed shortly. */
export const databaseUnavailable = () =>
  new AppError(503, 'DATABASE_UNAVAILABLE', 'Basis data tidak dapat dihubungi. Coba lagi sebentar lagi.', {
    retryAfter: 5,
  });
