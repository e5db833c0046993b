import { type ErrorResponse, errorResponseSchema, INVALID_REQUEST, unstorableText } from '@portal/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/errors.js';
import { AppError, databaseUnavailable } from '../errors.js';
import { databaseErrors } from '../lib/metrics.js';

// Fastify's own client errors, told in words people understand.
const frameworkErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Data yang dikirim terlalu besar.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Format data tidak didukung; kirim sebagai JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'Isi permintaan JSON kosong.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'Isi permintaan bukan JSON yang valid.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'Panjang isi permintaan tidak sesuai.',
  },
};

/** The response schemas of the error statuses a route answers with: `...errorResponses(401, 403, 404)`. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

function send(reply: FastifyReply, status: number, error: ErrorResponse['error']) {
  return reply.status(status).type('application/json; charset=utf-8').send({ error });
}

function sendAppError(reply: FastifyReply, err: AppError) {
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
  return send(reply, err.statusCode, {
    code: err.code,
    message: err.message,
    fields: err.fields,
    current: err.current,
  });
}

/** A 5xx tells nothing of what failed, only the request id that finds its log line. */
export const internalError = (requestId: string) => ({
  code: 'INTERNAL_ERROR',
  message: `Terjadi kesalahan pada server. Sebutkan kode ${requestId} bila menghubungi petugas.`,
});

/** The path (`items.0.name`) of the first text (or key) in `value` that cannot be stored, and why. */
function unstorablePath(value: unknown, root: string): { path: string; message: string } | undefined {
  // A loop, not recursion: a deeply nested body must not overflow the stack.
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      const message = unstorableText(item);
      if (message) return { path: path || root, message };
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const message = unstorableText(key);
        if (message) return { path: path || root, message };
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/**
 * A text the database cannot hold (a NUL character, half a surrogate pair: `unstorableText`) is refused
 * before any route reads it, wherever it is (path, query or body), as a 400 that names the field.
 */
function refuseUnstorable(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = unstorablePath(value, part);
    if (found) {
      return done(
        new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
          fields: { [found.path]: found.message },
        }),
      );
    }
  }
  done();
}

/** What a database error may tell the log: the names of what failed, never a value. */
const databaseFields = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'dataType'] as const;

const isDatabaseError = (err: Error): err is Error & Record<(typeof databaseFields)[number], unknown> => {
  const { severity, code } = err as { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * How an error goes into the log. A failed query carries its parameters in its message and `params` (a
 * patient's NIK and name, a password hash), and the database's error may quote a value in its message or
 * `detail`: of those only the statement, the SQLSTATE and the names of the constraint, table and column
 * are logged, with the stack's frames.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: typeof err === 'string' ? err : typeof err, stack: '' };
  }
  const out: LoggedError = { type: err.name, message: '', stack: '' };
  const frames = () =>
    (err.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n');
  if (err instanceof DrizzleQueryError) {
    Object.assign(out, { message: 'Failed query', query: err.query, stack: frames() });
  } else if (isDatabaseError(err)) {
    out.message = `database error ${String(err.code)}`;
    for (const field of databaseFields) if (err[field] !== undefined) out[field] = err[field];
    out.stack = frames();
  } else {
    const { code, statusCode } = err as FastifyError;
    Object.assign(out, { message: err.message, code, statusCode, stack: err.stack ?? '' });
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/**
 * Maps every error to the envelope of API.md; a 5xx never reveals internals. A database that cannot be
 * reached is a 503 with Retry-After, never a 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', refuseUnstorable);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.code === 'DATABASE_UNAVAILABLE') databaseErrors.inc({ kind: 'unreachable' });
      return sendAppError(reply, err);
    }
    if (isDatabaseUnreachable(err)) {
      // Not a fault of the request or of ours: PostgreSQL restarts or the network failed.
      request.log.warn({ err }, 'database unreachable');
      databaseErrors.inc({ kind: 'unreachable' });
      return sendAppError(reply, databaseUnavailable());
    }
    // A path segment that fails its schema names nothing that exists (API.md: such a code is 404).
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      return send(reply, 404, { code: 'NOT_FOUND', message: 'Data tidak ditemukan.' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        // A problem with the whole body or query (e.g. missing) has no path: name the part instead.
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'body';
        fields[key] ??= v.message ?? 'Nilai tidak valid.';
      }
      return send(reply, 400, {
        code: 'VALIDATION_ERROR',
        message: INVALID_REQUEST,
        fields,
      });
    }
    const known = err.code ? frameworkErrors[err.code] : undefined;
    if (known && err.statusCode) return send(reply, err.statusCode, known);
    if (err.statusCode === 429) {
      return send(reply, 429, {
        code: 'TOO_MANY_REQUESTS',
        message: 'Terlalu banyak permintaan. Coba lagi nanti.',
      });
    }
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      !isResponseSerializationError(err)
    ) {
      return send(reply, err.statusCode, {
        code: 'BAD_REQUEST',
        message: 'Permintaan tidak dapat diproses.',
      });
    }
    request.log.error({ err }, 'unexpected error');
    if (err instanceof DrizzleQueryError || isDatabaseError(err)) databaseErrors.inc({ kind: 'query' });
    return send(reply, 500, internalError(request.id));
  });
});
