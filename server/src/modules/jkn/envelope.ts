import { jknCodes } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';

// BPJS reads every answer of the Mobile JKN web service from the envelope, never from the HTTP
// status: success, refusal, "new patient", a throttled token request (code 201, with Retry-After) and
// a system the service needs that does not answer (the SIMRS: code 201, the reason, try again later)
// are all HTTP 200. Only a failure of the server itself is 500, still in the envelope.

/** A refusal told to BPJS in the envelope: 201 with the reason, or 202 for an unknown patient. */
export class JknRefusal extends Error {
  constructor(
    message: string,
    /** Seconds to wait, when the refusal is a throttle. */
    readonly retryAfter?: number,
    readonly code: number = jknCodes.refused,
  ) {
    super(message);
    this.name = 'JknRefusal';
  }
}

export const jknOk = <T>(response?: T, message = 'Ok') => ({
  metadata: { code: jknCodes.ok, message },
  ...(response === undefined ? {} : { response }),
});

const metadata = (code: number, message: string) => ({ metadata: { code, message } });

/** Answers every error of the `/api/jkn` services in BPJS's envelope, in Bahasa Indonesia. */
export function jknErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof JknRefusal) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return reply.send(metadata(err.code, err.message));
    }
    // The engine's refusals (quota full, date closed, already booked…) already speak to people; a text the
    // database cannot hold (the errors plugin's check of every input) says why in its field; a 503 says
    // which system did not answer and that nothing was written.
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 503)) {
      if (err.statusCode === 503) request.log.warn({ code: err.code }, err.message);
      const field = err.code === 'VALIDATION_ERROR' ? Object.values(err.fields ?? {})[0] : undefined;
      return reply.send(metadata(jknCodes.refused, field ?? err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // A field's error names the field; one of the body itself (`/`) is a body that is no JSON object.
      const field = first?.instancePath && first.instancePath !== '/';
      const message =
        err.validationContext === 'headers'
          ? 'Username dan Token wajib diisi'
          : field
            ? (first.message ?? 'Format request tidak sesuai')
            : 'Format request tidak sesuai: isi harus objek JSON';
      return reply.send(metadata(jknCodes.refused, message));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.send(metadata(jknCodes.refused, 'Format request tidak sesuai: isi terlalu besar'));
    if (err.statusCode && err.statusCode < 500) {
      return reply.send(metadata(jknCodes.refused, 'Format request tidak sesuai: isi harus JSON yang valid'));
    }
    request.log.error({ err }, 'unexpected error in the Mobile JKN service');
    return reply
      .status(500)
      .send(metadata(500, `Terjadi kesalahan pada server rumah sakit (kode ${request.id}).`));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.send(metadata(jknCodes.refused, 'Service tidak terdaftar')),
  );
}
