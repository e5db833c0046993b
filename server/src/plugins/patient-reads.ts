import type { PatientReadCriteria, PatientReadKind } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { recordPatientRead } from '../modules/patient-reads/service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers patients' data: each successful answer is recorded in the read audit, with the caller,
     * the patient of the path's `id` (or of `notePatientRead`) and what was asked for (see patientReadsPlugin).
     * `list` names a hospital-wide list (a report and its export).
     */
    readsPatients?: { kind: PatientReadKind; list?: string };
  }
  interface FastifyRequest {
    /** The patient whose data the route read, when its path does not name them (see notePatientRead). */
    patientReadId: number | null;
  }
}

/** Tells the read audit whose data a route answered, when its path does not say (a visit by its number). */
export function notePatientRead(request: FastifyRequest, patientId: number): void {
  request.patientReadId = patientId;
}

/** The paging of a list is not what was looked for. */
const notCriteria = new Set(['id', 'page', 'pageSize']);

/** What was asked for: the path's parameters (but the patient's id) and the query, its plain values only. */
function criteriaOf(request: FastifyRequest, list: string | undefined): PatientReadCriteria | null {
  const asked: PatientReadCriteria = list === undefined ? {} : { list };
  for (const part of [request.params, request.query]) {
    if (typeof part !== 'object' || part === null) continue;
    for (const [name, value] of Object.entries(part)) {
      if (notCriteria.has(name)) continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        asked[name] = value;
    }
  }
  return Object.keys(asked).length === 0 ? null : asked;
}

function patientOf(request: FastifyRequest): number | null {
  if (request.patientReadId !== null) return request.patientReadId;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * The read audit: a route that answers patients' data says so (`config: { readsPatients: { kind } }`), and
 * each of its successful answers to staff becomes one row of `patient_reads`, written once the answer has gone
 * out, so that no reader waits for it. Only the routes that say so get the hook; the others pay nothing.
 */
export const patientReadsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('patientReadId', null);
  const pending = new Set<Promise<void>>();

  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const read = request.routeOptions.config.readsPatients;
    const session = request.staffSession;
    if (!read || !session || reply.statusCode < 200 || reply.statusCode >= 300) return;
    const written = recordPatientRead(app.db, {
      staffId: session.id,
      address: request.ip,
      kind: read.kind,
      patientId: patientOf(request),
      criteria: criteriaOf(request, read.list),
    })
      .catch((err: unknown) => request.log.error({ err }, 'patient read not audited'))
      .finally(() => pending.delete(written));
    pending.add(written);
  };
  const onResponse: onResponseHookHandler = (request, reply, done) => {
    record(request, reply);
    done();
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.readsPatients) return;
    route.onResponse = [...([] as onResponseHookHandler[]).concat(route.onResponse ?? []), onResponse];
  });
  // The reads answered before closing are recorded before the database closes.
  app.addHook('preClose', async () => {
    await Promise.allSettled([...pending]);
  });
});
