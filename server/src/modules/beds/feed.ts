import type { BedsResponse } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { getBeds } from './service.js';

export interface BedsSubscriber {
  send(doc: BedsResponse): void;
  end(): void;
}

/**
 * Pushes the bed board to live subscribers (server-sent events). Changes made through this server
 * are pushed at once; changes from another process (a second server, the CLI) are caught by a
 * cheap recheck that runs only while someone is listening.
 */
export class BedsFeed {
  private readonly subscribers = new Set<BedsSubscriber>();
  private timer: NodeJS.Timeout | undefined;
  private lastSent = '';

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly recheckMs = 2000,
  ) {}

  subscribe(subscriber: BedsSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.timer ??= setInterval(() => void this.publish(), this.recheckMs);
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** After an admission, transfer or discharge made here. */
  async changed(): Promise<void> {
    await this.publish();
  }

  close(): void {
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    this.stop();
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async publish(): Promise<void> {
    if (this.subscribers.size === 0) return;
    try {
      const doc = await getBeds(this.db);
      const text = JSON.stringify(doc);
      if (text === this.lastSent) return;
      this.lastSent = text;
      for (const subscriber of this.subscribers) subscriber.send(doc);
    } catch (err) {
      this.log.error({ err }, 'bed board update failed');
    }
  }
}
