import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeListener, DatabaseHandle } from '../db/client.js';
import { ReadModel, ReadModelFamily, type ReadModelOptions } from '../lib/read-model.js';

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
    /** The same for documents that depend on the query (see ReadModelFamily). */
    readModels<Q>(
      name: string,
      load: (query: Q) => Promise<unknown>,
      options: ReadModelOptions,
    ): ReadModelFamily<Q>;
  }
}

export interface AfterWriteOptions {
  /** Where committed changes are announced (DatabaseHandle.onChange). */
  changes: DatabaseHandle['onChange'];
}

/**
 * What a successful write sets going, declared on its route (`config`) rather than remembered in each
 * handler: the outbox worker wakes, and the read models the route names are rebuilt and pushed at once. It
 * runs once the handler's transaction has committed and before the answer goes out. Every write also waits
 * for the database's change notifications of what it committed (`sync`), so that whoever reads after being
 * answered sees the change in every read model; changes made elsewhere (another server process, the
 * command line) arrive the same way.
 */
export const afterWritePlugin = fp(async (app: FastifyInstance, options: AfterWriteOptions) => {
  const models = new Map<string, ReadModel<unknown> | ReadModelFamily<never>>();
  const named = new Set<string>();
  const started = <M extends ReadModel<unknown> | ReadModelFamily<never>>(model: M): M => {
    if (models.has(model.name)) throw new Error(`read model ${model.name} started twice`);
    models.set(model.name, model);
    return model;
  };

  app.decorate('readModel', <T>(name: string, load: () => Promise<T>, modelOptions: ReadModelOptions) =>
    started(new ReadModel(name, load, modelOptions, app.log)),
  );
  app.decorate(
    'readModels',
    <Q>(name: string, load: (query: Q) => Promise<unknown>, modelOptions: ReadModelOptions) =>
      started(new ReadModelFamily(name, load, modelOptions, app.log)),
  );
  app.addHook('onRoute', (route) => {
    for (const name of route.config?.changesReadModels ?? []) named.add(name);
  });

  let changes: ChangeListener | undefined;
  app.addHook('onReady', async () => {
    const unknown = [...named].filter((name) => !models.has(name));
    if (unknown.length > 0)
      throw new Error(`routes change read models nobody started: ${unknown.join(', ')}`);
    changes = await options.changes((table) => {
      for (const model of models.values()) {
        if (table === '*' || model.options.tables.includes(table)) model.changed();
      }
    });
  });
  // Before the server closes, so that it does not wait for the streams' clients.
  app.addHook('preClose', async () => {
    await changes?.stop();
    for (const model of models.values()) model.close();
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || request.method === 'GET') return;
    // Every read model this write changed is stale before the answer goes out, declared or not.
    await changes?.sync();
    const { wakesOutbox, changesReadModels = [] } = request.routeOptions.config;
    if (wakesOutbox) app.outboxWorker.wake();
    for (const name of changesReadModels) await models.get(name)?.changedHere();
  });
});
