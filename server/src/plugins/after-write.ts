import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeListener, DatabaseHandle } from '../db/client.js';
import {
  ReadModel,
  ReadModelFamily,
  type ReadModelOptions,
  type StreamLimits,
  StreamSlots,
} from '../lib/read-model.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route commits WhatsApp messages: once it succeeds, the outbox worker wakes to send them. */
    wakesOutbox?: boolean;
  }
  interface FastifyInstance {
    /**
     * Starts a module's read model (see ReadModel): built from `options.tables`, so rebuilt after their
     * changes, whoever made them.
     */
    readModel<T>(name: string, load: () => Promise<T>, options: ReadModelOptions): ReadModel<T>;
    /** The same for documents that depend on the query (see ReadModelFamily). */
    readModels<Q, T = unknown>(
      name: string,
      load: (query: Q) => Promise<T>,
      options: ReadModelOptions,
    ): ReadModelFamily<Q, T>;
    /**
     * Resolves once this process has heard of every change committed before the call, whoever wrote it:
     * the read models it made stale are built again on their next read.
     */
    changesHeard(): Promise<void>;
  }
}

/** Methods that write nothing: they need not wait for change notifications. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AfterWriteOptions {
  /** Where committed changes are announced (DatabaseHandle.onChange). */
  changes: DatabaseHandle['onChange'];
  /** The event streams this process keeps open at once, across all read models. */
  streams: StreamLimits;
}

/**
 * What a successful write sets going, once the handler's transaction has committed and before the answer
 * goes out. The read models learn of it from the database's change notifications, as of every change made
 * elsewhere (another server process, the command line); the write waits for its own (`sync`), so that
 * whoever reads after being answered sees the change. A route that commits WhatsApp messages says so
 * (`config: { wakesOutbox: true }`): the outbox worker wakes to send them.
 */
export const afterWritePlugin = fp(async (app: FastifyInstance, options: AfterWriteOptions) => {
  const models = new Map<string, ReadModel<unknown> | ReadModelFamily<never, unknown>>();
  const streams = new StreamSlots(options.streams);
  const started = <M extends ReadModel<unknown> | ReadModelFamily<never, unknown>>(model: M): M => {
    if (models.has(model.name)) throw new Error(`read model ${model.name} started twice`);
    models.set(model.name, model);
    return model;
  };

  app.decorate('readModel', <T>(name: string, load: () => Promise<T>, modelOptions: ReadModelOptions) =>
    started(new ReadModel(name, load, modelOptions, app.log, streams)),
  );
  app.decorate(
    'readModels',
    <Q, T>(name: string, load: (query: Q) => Promise<T>, modelOptions: ReadModelOptions) =>
      started(new ReadModelFamily(name, load, modelOptions, app.log, streams)),
  );

  let changes: ChangeListener | undefined;
  app.decorate('changesHeard', () => changes?.sync() ?? Promise.resolve());
  app.addHook('onReady', async () => {
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

  // Callback style: a read passes at once, without a promise (the public reads are answered from memory).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || READS.has(request.method))
      return done(null, payload);
    // Every read model this write changed is stale before the answer goes out.
    void app.changesHeard().then(
      () => {
        if (request.routeOptions.config.wakesOutbox) app.outboxWorker.wake();
        done(null, payload);
      },
      (err: Error) => done(err),
    );
  });
});
