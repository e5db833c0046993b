import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

export interface FeedSubscriber<T> {
  send(doc: T): void;
  end(): void;
}

/**
 * Pushes a read model (the bed board, the queue board) to live subscribers (server-sent events).
 * Changes made through this server are pushed at once; changes from another process (a second
 * server, the CLI) are caught by a cheap recheck that runs only while someone is listening.
 */
export class LiveFeed<T> {
  private readonly subscribers = new Set<FeedSubscriber<T>>();
  private timer: NodeJS.Timeout | undefined;
  private lastSent = '';

  constructor(
    private readonly load: () => Promise<T>,
    private readonly log: FastifyBaseLogger,
    private readonly recheckMs = 2000,
  ) {}

  subscribe(subscriber: FeedSubscriber<T>): () => void {
    this.subscribers.add(subscriber);
    this.timer ??= setInterval(() => void this.publish(), this.recheckMs);
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** After a change made here. */
  async changed(): Promise<void> {
    await this.publish();
  }

  close(): void {
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    this.stop();
  }

  /**
   * Answers a request with an event stream: the document at once under `event`, then again on
   * every change, and a comment every 25 s so that proxies keep the connection open.
   */
  async stream(request: FastifyRequest, reply: FastifyReply, event: string): Promise<void> {
    const first = await this.load();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies must pass events through at once, not buffer them.
      'x-accel-buffering': 'no',
    });
    const write = (doc: T) => res.write(`event: ${event}\ndata: ${JSON.stringify(doc)}\n\n`);
    write(first);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const unsubscribe = this.subscribe({ send: write, end: () => res.end() });
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async publish(): Promise<void> {
    if (this.subscribers.size === 0) return;
    try {
      const doc = await this.load();
      const text = JSON.stringify(doc);
      if (text === this.lastSent) return;
      this.lastSent = text;
      for (const subscriber of this.subscribers) subscriber.send(doc);
    } catch (err) {
      this.log.error({ err }, 'live feed update failed');
    }
  }
}

const HEARTBEAT_MS = 25_000;
