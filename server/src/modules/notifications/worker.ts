import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { type Gateway, GatewayError, sendWhatsApp } from './gateway.js';
import {
  type ClaimedMessage,
  claimDue,
  outboxSummary,
  pendingAfter,
  recordFailure,
  recordSent,
} from './service.js';

export interface WorkerOptions {
  /** Unset: nothing is sent, messages stay pending and are logged. */
  gateway: Gateway | undefined;
  maxAttempts: number;
  /** How often the outbox is checked when nobody wakes the worker (other processes write too). */
  pollMs: number;
  /** The first retry waits this long; each further one twice as long as the one before. */
  backoffBaseMs: number;
}

const BATCH = 10;
const MAX_BACKOFF_MS = 15 * 60_000;
const LOG_BATCH = 100;

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Delivers the outbox to the WhatsApp gateway. Runs one pass at a time on a timer that never keeps
 * the process alive; `wake()` after a commit that enqueued something starts a pass at once.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private woken = false;
  private stopped = true;
  /** Without a gateway: the newest message already logged. */
  private loggedUpTo = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    if (!this.options.gateway) {
      const { pending, lastId } = await outboxSummary(this.db);
      this.loggedUpTo = lastId;
      this.log.info(
        { pending },
        'no WhatsApp gateway configured (WHATSAPP_GATEWAY_URL): notifications are kept in the outbox, not sent',
      );
    }
    this.schedule(0);
  }

  /** Something was just enqueued: look now rather than at the next poll. */
  wake(): void {
    if (this.pass) this.woken = true;
    else this.schedule(0);
  }

  /** Waits for the pass under way (each send is bounded by the gateway timeout); no new one starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    this.pass = this.runPass().then((more) => {
      this.pass = undefined;
      const again = more || this.woken;
      this.woken = false;
      this.schedule(again ? 0 : this.options.pollMs);
    });
  }

  /** One pass; true when there may be more to do at once. */
  private async runPass(): Promise<boolean> {
    try {
      return this.options.gateway ? await this.deliverDue(this.options.gateway) : await this.logKept();
    } catch (err) {
      this.log.error({ err }, 'outbox pass failed');
      return false;
    }
  }

  private async deliverDue(gateway: Gateway): Promise<boolean> {
    const claimed = await claimDue(this.db, BATCH, gateway.timeoutMs + 60_000);
    // One recipient's messages go out in order; different recipients at the same time.
    const queues = new Map<string, ClaimedMessage[]>();
    for (const message of claimed)
      queues.set(message.recipient, [...(queues.get(message.recipient) ?? []), message]);
    await Promise.all(
      [...queues.values()].map(async (queue) => {
        for (const message of queue) await this.deliver(gateway, message);
      }),
    );
    return claimed.length === BATCH;
  }

  private async deliver(gateway: Gateway, message: ClaimedMessage): Promise<void> {
    const context = { outboxId: message.id, eventKey: message.eventKey, attempt: message.attempts };
    try {
      await sendWhatsApp(gateway, {
        to: message.recipient,
        message: message.message,
        eventKey: message.eventKey,
      });
    } catch (err) {
      const error = err instanceof GatewayError ? err : new GatewayError(String(err));
      const final = message.attempts >= this.options.maxAttempts;
      await recordFailure(
        this.db,
        message.id,
        error.shown,
        final ? null : backoffMs(message.attempts, this.options.backoffBaseMs),
      );
      this.log.warn(
        { ...context, error: error.message },
        final
          ? 'notification failed for good; staff can retry it'
          : 'notification attempt failed; will retry',
      );
      return;
    }
    await recordSent(this.db, message.id);
    this.log.info(context, 'notification sent');
  }

  private async logKept(): Promise<boolean> {
    const fresh = await pendingAfter(this.db, this.loggedUpTo, LOG_BATCH);
    for (const message of fresh) {
      this.log.info(
        { outboxId: message.id, eventKey: message.eventKey },
        'notification kept: no WhatsApp gateway',
      );
      this.loggedUpTo = message.id;
    }
    return fresh.length === LOG_BATCH;
  }
}
