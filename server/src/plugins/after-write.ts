import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveFeed } from '../lib/live-feed.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route commits WhatsApp messages: once it succeeds, the outbox worker wakes to send them. */
    wakesOutbox?: boolean;
    /** The live feeds (by name) whose document the route changes. */
    changesFeeds?: readonly string[];
  }
  interface FastifyInstance {
    /** Starts a module's live feed of a read model; routes that change the model name it in `changesFeeds`. */
    liveFeed<T>(name: string, load: () => Promise<T>): LiveFeed<T>;
  }
}

/**
 * What a successful write sets going, declared on its route (`config`) rather than remembered in each
 * handler: the outbox worker wakes, and the live feeds the route changes publish their new document. It
 * runs once the handler's transaction has committed and before the answer goes out, so that whoever reads a
 * stream after being answered sees the change.
 */
export const afterWritePlugin = fp(async (app: FastifyInstance) => {
  const feeds = new Map<string, LiveFeed<unknown>>();
  const named = new Set<string>();

  app.decorate('liveFeed', <T>(name: string, load: () => Promise<T>) => {
    if (feeds.has(name)) throw new Error(`live feed ${name} started twice`);
    const feed = new LiveFeed(load, app.log);
    feeds.set(name, feed);
    return feed;
  });
  app.addHook('onRoute', (route) => {
    for (const name of route.config?.changesFeeds ?? []) named.add(name);
  });
  app.addHook('onReady', async () => {
    const unknown = [...named].filter((name) => !feeds.has(name));
    if (unknown.length > 0) throw new Error(`routes change live feeds nobody started: ${unknown.join(', ')}`);
  });
  // Before the server closes, so that it does not wait for the streams' clients.
  app.addHook('preClose', async () => {
    for (const feed of feeds.values()) feed.close();
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const { wakesOutbox, changesFeeds = [] } = request.routeOptions.config;
    if (wakesOutbox) app.outboxWorker.wake();
    for (const name of changesFeeds) await feeds.get(name)?.changed();
  });
});
