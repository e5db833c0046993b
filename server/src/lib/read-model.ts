import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { openStreams } from './metrics.js';
import { refusal } from './throttle.js';

export interface ReadModelSubscriber {
  /** The document as JSON text. */
  send(json: string): void;
  end(): void;
}

export interface ReadModelOptions {
  /** The tables the document is built from: a committed change of one of them makes it stale. */
  tables: readonly string[];
  /**
   * For a document that also follows the clock (today's queues, the booking days left), the longest it is
   * served before it is built again without a change.
   */
  maxAgeMs?: number;
}

/** How many event streams may be open at once in one server process. */
export interface StreamLimits {
  /** From one client address: a ward's TV wall, not a script holding thousands. */
  perAddress: number;
  total: number;
}

/** What a refused client is told to wait: places free as other streams close, which no clock foretells. */
const STREAM_RETRY_SECONDS = 30;

/**
 * The open event streams of one server process, across all its read models, per client address and in
 * all: each holds a connection and a timer for as long as its client wants, so their number is capped.
 */
export class StreamSlots {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  /** Takes a place for a stream from `address`, or refuses with 429; the answer gives it back (once). */
  take(address: string): () => void {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.limits.perAddress)
      throw tooManyStreams('Terlalu banyak sambungan langsung dari alamat Anda.');
    if (this.total >= this.limits.total)
      throw tooManyStreams('Server sedang melayani terlalu banyak sambungan langsung.');
    this.total += 1;
    this.byAddress.set(address, fromAddress + 1);
    openStreams.inc();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total -= 1;
      openStreams.dec();
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}

const tooManyStreams = (why: string) => refusal('TOO_MANY_STREAMS', why)(STREAM_RETRY_SECONDS);

interface Built<T> {
  value: T;
  json: string;
  etag: string;
  at: number;
}

/** How long subscribers' pushes are gathered after a change: a burst of bookings is one rebuild, not fifty. */
const PUSH_DELAY_MS = 25;
const HEARTBEAT_MS = 25_000;

/**
 * A public document (the bed board, who is on duty, the queue board…) built once, kept in memory and built
 * again only when its data changed: answered to GETs with an ETag (304 when the caller has it) and pushed to
 * live subscribers (server-sent events). A change is known from the tables' notifications (migration 0014),
 * which every process receives whoever wrote; pushes within PUSH_DELAY_MS of it gather into one.
 */
export class ReadModel<T> {
  private built: Built<T> | undefined;
  private building: { change: number; promise: Promise<Built<T>> } | undefined;
  /** Counts changes; a build started before the last change is stale when it ends. */
  private changes = 0;
  private builtFromChange = -1;
  /** Each live subscriber with the ETag of the document it has last been sent. */
  private readonly subscribers = new Map<ReadModelSubscriber, string>();
  private pushTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly name: string,
    private readonly load: () => Promise<T>,
    readonly options: ReadModelOptions,
    private readonly log: FastifyBaseLogger,
    private readonly streams: StreamSlots,
  ) {}

  /** The document, built now only when the one in memory is stale or too old. */
  async current(): Promise<Built<T>> {
    const fresh =
      this.built &&
      this.builtFromChange === this.changes &&
      (this.options.maxAgeMs === undefined || Date.now() - this.built.at < this.options.maxAgeMs);
    if (fresh && this.built) return this.built;
    // Readers share a build, unless it started before the last change and so may miss it.
    if (this.building?.change !== this.changes) {
      const change = this.changes;
      const promise: Promise<Built<T>> = this.build(change).finally(() => {
        if (this.building?.promise === promise) this.building = undefined;
      });
      this.building = { change, promise };
    }
    return this.building.promise;
  }

  /** The document itself, for the server's own use (not to be changed). */
  async value(): Promise<T> {
    return (await this.current()).value;
  }

  /** Its data changed (a notification, or another process): rebuilt on the next read, pushed soon. */
  changed(): void {
    this.changes += 1;
    if (this.subscribers.size > 0) this.schedulePush();
  }

  /** Answers a GET: the document with its ETag, or 304 when the caller already holds that version. */
  async reply(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { json, etag } = await this.current();
    // A proxy may answer from its copy for a second; a browser asks every time, with the ETag (a 304 is
    // cheap), so that a page shows its user's own change at once.
    reply.header('cache-control', 'public, max-age=0, s-maxage=1').header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) reply.code(304).send();
    else reply.type('application/json; charset=utf-8').send(json);
    // A reply is a thenable that settles once the answer went out: the handler ends after it, as Fastify wants.
    await reply;
  }

  /**
   * Answers a request with an event stream: the document at once under `event`, then again on every
   * change, and a comment every 25 s so that proxies keep the connection open. Refused (429) beyond the
   * process's StreamLimits; the place is free again once the connection closes.
   */
  async stream(request: FastifyRequest, reply: FastifyReply, event: string): Promise<void> {
    const release = this.streams.take(request.ip);
    // Closes after an error answer as after the end of a stream.
    reply.raw.once('close', release);
    const first = await this.current();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies must pass events through at once, not buffer them.
      'x-accel-buffering': 'no',
    });
    const write = (json: string) => res.write(`event: ${event}\ndata: ${json}\n\n`);
    write(first.json);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const unsubscribe = this.subscribe({ send: write, end: () => res.end() }, first.etag);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  }

  /** Sends `subscriber` every new version of the document; `sentEtag` names the one it already has. */
  subscribe(subscriber: ReadModelSubscriber, sentEtag = this.built?.etag ?? ''): () => void {
    this.subscribers.set(subscriber, sentEtag);
    // A change during the subscriber's first read may be missing from what it holds.
    if (this.builtFromChange !== this.changes || sentEtag !== this.built?.etag) this.schedulePush();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  close(): void {
    clearTimeout(this.pushTimer);
    for (const subscriber of this.subscribers.keys()) subscriber.end();
    this.subscribers.clear();
  }

  private async build(change: number): Promise<Built<T>> {
    const value = await this.load();
    const json = JSON.stringify(value);
    const built = { value, json, etag: etagOf(json), at: Date.now() };
    // A change during the build may be missing from it: then the next read builds again.
    if (change >= this.builtFromChange) {
      this.built = built;
      this.builtFromChange = change;
    }
    return built;
  }

  private schedulePush(): void {
    this.pushTimer ??= setTimeout(() => void this.push(), PUSH_DELAY_MS);
  }

  private async push(): Promise<void> {
    clearTimeout(this.pushTimer);
    this.pushTimer = undefined;
    if (this.subscribers.size === 0) return;
    try {
      const { json, etag } = await this.current();
      // A change may leave the document as it was; and a subscriber that came after the change already
      // has the new one.
      for (const [subscriber, sent] of this.subscribers) {
        if (sent === etag) continue;
        this.subscribers.set(subscriber, etag);
        subscriber.send(json);
      }
    } catch (err) {
      this.log.error({ err, readModel: this.name }, 'read model update failed');
    }
  }
}

const etagOf = (json: string) => `"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;

/** If-None-Match holds the ETag (it may list several, or be `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** How many answers of one keyed read model are kept: the common searches, not every term ever typed. */
const FAMILY_ENTRIES = 500;

/**
 * A read model per query (a tariff search, a clinic's booking days): each answer built once and kept
 * until a change of the tables, the least recently asked dropped beyond FAMILY_ENTRIES. No streams.
 */
export class ReadModelFamily<Q, T = unknown> {
  private models = new Map<string, ReadModel<T>>();

  constructor(
    readonly name: string,
    private readonly load: (query: Q) => Promise<T>,
    readonly options: ReadModelOptions,
    private readonly log: FastifyBaseLogger,
    private readonly streams: StreamSlots,
  ) {}

  /** Answers a GET of `query` as ReadModel.reply does. */
  reply(request: FastifyRequest, reply: FastifyReply, query: Q): Promise<void> {
    return this.model(query).reply(request, reply);
  }

  /** The answer to `query` itself, for the server's own use (not to be changed). */
  value(query: Q): Promise<T> {
    return this.model(query).value();
  }

  private model(query: Q): ReadModel<T> {
    const key = JSON.stringify(query) ?? '';
    let model = this.models.get(key);
    if (model) this.models.delete(key);
    model ??= new ReadModel(this.name, () => this.load(query), this.options, this.log, this.streams);
    // Last in the map is the most recently asked.
    this.models.set(key, model);
    if (this.models.size > FAMILY_ENTRIES) this.models.delete(this.models.keys().next().value as string);
    return model;
  }

  /** Its data changed: every answer is built again when next asked. */
  changed(): void {
    this.models = new Map();
  }

  close(): void {
    this.models.clear();
  }
}
