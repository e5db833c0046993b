import { type ErrorResponse, errorResponseSchema } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

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

/** Maps every error to the envelope of API.md; a 5xx never reveals internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return send(reply, err.statusCode, { code: err.code, message: err.message, fields: err.fields });
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
        message: 'Data yang dikirim tidak valid.',
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
    return send(reply, 500, {
      code: 'INTERNAL_ERROR',
      message: `Terjadi kesalahan pada server. Sebutkan kode ${request.id} bila menghubungi petugas.`,
    });
  });
});
