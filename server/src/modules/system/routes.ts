import { deskRoles, simrsFreshnessSchema, systemStatusSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { simrsUrlForDisplay } from '../../simrs/url.js';
import {
  configurationFacts,
  readBuildInfo,
  simrsFreshness,
  type SystemSetup,
  systemStatus,
} from './service.js';

export interface SystemRouteOptions {
  config: Pick<
    Config,
    | 'workers'
    | 'commit'
    | 'session'
    | 'cookieSecure'
    | 'trustProxy'
    | 'notifications'
    | 'bpjs'
    | 'registration'
    | 'metricsToken'
    | 'simrsDatabaseUrl'
  >;
}

/** The system screen (`/sistem`): what runs, since when, what waits in the outbox, what to configure. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRouteOptions> = async (app, { config }) => {
  const setup: SystemSetup = {
    build: readBuildInfo(config.commit),
    workers: config.workers,
    session: config.session,
    simrsTarget: config.simrsDatabaseUrl ? simrsUrlForDisplay(config.simrsDatabaseUrl) : null,
    configuration: configurationFacts(config, app.dbBackend),
  };
  const admins = routesOf(app, {
    tags: ['system'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(401, 403),
  });

  routesOf(app, { tags: ['system'], onRequest: app.requireStaff(), errors: errorResponses(401) }).get(
    '/api/system/simrs',
    {
      summary: "How current the portal's copy of the SIMRS is (linked mode), for every staff screen",
      response: simrsFreshnessSchema,
    },
    () => simrsFreshness(app.db, setup),
  );

  admins.get(
    '/api/system',
    {
      summary: 'Version, database, uptime, outbox backlog, staff sessions and configuration warnings (admin)',
      response: systemStatusSchema,
    },
    (request) =>
      systemStatus(app.db, setup, {
        https: request.protocol === 'https',
        forwarded: request.headers['x-forwarded-for'] !== undefined,
      }),
  );
};
