import type { PatientReadCriteria, PatientReadKind } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type PatientReadEntry, recordPatientReads } from '../modules/patient-reads/service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers patients' data: each successful answer is recorded in the read audit, with the caller,
     * the patient of the path's `id` (or of `notePatientRead`) and what was asked for (see patientReadsPlugin).
     * `list` names a hospital-wide list (a report and its export); `body`: what was asked for is in the
     * body (a check by NIK, or name and birth date), its plain values recorded as the criteria.
     */
    readsPatients?: { kind: PatientReadKind; list?: string; body?: boolean };
  }
  interface FastifyRequest {
    /** The patient whose data the route read, when its path does not name them (see notePatientRead). */
    patientReadId: number | null;
  }
}

/**
 * Tells the read audit whose data a route answered, when its path does not say (a visit by its number); also
 * when the answer is a refusal that shows the patient (a 409 with the record as it is now): such an answer
 * is recorded whatever its status.
 */
export function notePatientRead(request: FastifyRequest, patientId: number): void {
  request.patientReadId = patientId;
}

/** The paging of a list is not what was looked for. */
const notCriteria = new Set(['id', 'page', 'pageSize']);

/**
 * What was asked for: the path's parameters (but the patient's id) and the query, and the body where the route
 * says so, their plain values only.
 */
function criteriaOf(
  request: FastifyRequest,
  { list, body }: { list?: string; body?: boolean },
): PatientReadCriteria | null {
  const asked: PatientReadCriteria = list === undefined ? {} : { list };
  for (const part of [request.params, request.query, body ? request.body : undefined]) {
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

/** Rows of one insert at most: a backlog goes in a few statements, none of them huge. */
const MOST_PER_INSERT = 500;

/**
 * The read audit: a route that answers patients' data says so (`config: { readsPatients: { kind } }`), and
 * each of its successful answers to staff becomes one row of `patient_reads`, written once the answer has gone
 * out, so that no reader waits for it. Only the routes that say so get the hook; the others pay nothing.
 *
 * One insert is out at a time, and the reads answered meanwhile go together in the next one, in the order they
 * were answered. An insert (and a commit, which waits for the log to reach the disk) for every read cost the
 * database more than the search itself, and held a connection of the pool through the wait.
 */
export const patientReadsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('patientReadId', null);
  let waiting: PatientReadEntry[] = [];
  let writing: Promise<void> | undefined;

  const insert = async (entries: PatientReadEntry[]) => {
    try {
      await recordPatientReads(app.db, entries);
    } catch (err) {
      // A row the database refuses must not lose the others with it: each alone, and only the refused lost.
      // Without an answer from the database (no SQLSTATE) the others would fail the same way.
      if (entries.length > 1 && typeof (err as { code?: unknown }).code === 'string') {
        for (const entry of entries) await insert([entry]);
      } else {
        app.log.error({ err, reads: entries.length }, 'patient reads not audited');
      }
    }
  };
  const write = () => {
    writing = (async () => {
      while (waiting.length > 0) {
        const batch = waiting.length > MOST_PER_INSERT ? waiting.splice(0, MOST_PER_INSERT) : waiting;
        if (batch === waiting) waiting = [];
        await insert(batch);
      }
    })().finally(() => {
      writing = undefined;
      if (waiting.length > 0) write();
    });
  };

  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const read = request.routeOptions.config.readsPatients;
    const session = request.staffSession;
    const answered = reply.statusCode >= 200 && reply.statusCode < 300;
    if (!read || !session || !(answered || request.patientReadId !== null)) return;
    waiting.push({
      staffId: session.id,
      address: request.ip,
      kind: read.kind,
      patientId: patientOf(request),
      criteria: criteriaOf(request, read),
    });
    if (!writing) write();
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
    while (writing) await writing;
  });
});
