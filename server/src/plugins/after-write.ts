import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.js';
import { ReadModel, type ReadModelOptions } from '../lib/read-model.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route commits WhatsApp messages: once it succeeds, the outbox worker wakes to send them. */
    wakesOutbox?: boolean;
    /** The read models (by name) whose document the route changes. */
    changesReadModels?: readonly string[];
  }
  interface FastifyInstance {
    /**
     * Starts a module's read model (see ReadModel): built from `options.tables`, so rebuilt after their
     * changes, whoever made them; routes of this server that change it also name it in `changesReadModels`.
     */
    readModel<T>(name: string, load: () => Promise<T>, options: ReadModelOptions): ReadModel<T>;
  }
}

export interface AfterWriteOptions {
  /** Where committed changes are announced (DatabaseHandle.onChange). */
  changes: DatabaseHandle['onChange'];
}

/**
 * What a successful write sets going, declared on its route (`config`) rather than remembered in each
 * handler: the outbox worker wakes, and the read models the route changes are rebuilt and pushed. It runs
 * once the handler's transaction has committed and before the answer goes out, so that whoever reads after
 * being answered sees the change. Changes made elsewhere (another server process, the command line) reach
 * the read models through the database's change notifications.
 */
export const afterWritePlugin = fp(async (app: FastifyInstance, options: AfterWriteOptions) => {
  const models = new Map<string, ReadModel<unknown>>();
  const named = new Set<string>();

  app.decorate('readModel', <T>(name: string, load: () => Promise<T>, modelOptions: ReadModelOptions) => {
    if (models.has(name)) throw new Error(`read model ${name} started twice`);
    const model = new ReadModel(name, load, modelOptions, app.log);
    models.set(name, model);
    return model;
  });
  app.addHook('onRoute', (route) => {
    for (const name of route.config?.changesReadModels ?? []) named.add(name);
  });

  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    const unknown = [...named].filter((name) => !models.has(name));
    if (unknown.length > 0)
      throw new Error(`routes change read models nobody started: ${unknown.join(', ')}`);
    stopListening = await options.changes((table) => {
      for (const model of models.values()) {
        if (table === '*' || model.options.tables.includes(table)) model.changed();
      }
    });
  });
  // Before the server closes, so that it does not wait for the streams' clients.
  app.addHook('preClose', async () => {
    await stopListening?.();
    for (const model of models.values()) model.close();
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const { wakesOutbox, changesReadModels = [] } = request.routeOptions.config;
    if (wakesOutbox) app.outboxWorker.wake();
    for (const name of changesReadModels) await models.get(name)?.changedHere();
  });
});
