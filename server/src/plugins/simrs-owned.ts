import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes data the SIMRS owns and the portal does not write through (named for people: "Data
     * ruangan"): in linked mode it is refused, and the data is changed in the SIMRS (see simrsOwnedPlugin).
     */
    simrsOwned?: string;
  }
  interface FastifyInstance {
    /** Linked mode (`SIMRS_DATABASE_URL`): the SIMRS owns patients, visits, stays, rooms, tariffs and schedules. */
    simrsLinked: boolean;
  }
}

/** The answer to a change of the SIMRS's data in the portal alone, in linked mode. */
export function simrsOwned(what: string): AppError {
  return new AppError(
    409,
    'SIMRS_OWNED',
    `${what} dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di portal dalam satu menit.`,
  );
}

/**
 * Linked mode: the SIMRS owns patients, visits, stays, rooms, tariffs, doctors, mappings and schedules, and the
 * portal mirrors them. A route that would change such data in the portal alone says so (`config: { simrsOwned:
 * 'Data ruangan' }`) and is refused with 409 `SIMRS_OWNED`, after the caller's guard and before anything is
 * read: the change belongs in the SIMRS, whence the link brings it within a minute. Standalone, the portal owns
 * everything and the routes work.
 */
export const simrsOwnedPlugin = fp(async (app: FastifyInstance, { linked }: { linked: boolean }) => {
  app.decorate('simrsLinked', linked);
  if (!linked) return;
  app.addHook('preValidation', async (request) => {
    const owned = request.routeOptions.config.simrsOwned;
    if (owned) throw simrsOwned(owned);
  });
});
