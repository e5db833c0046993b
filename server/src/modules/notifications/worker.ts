import type { OutboxChannel } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { Leadership } from '../../db/leader.js';
import { outboxDeliveries, outboxFailures } from '../../lib/metrics.js';
import { deliverBedReport } from '../bpjs/aplicares.js';
import { type BpjsLink, callAntrean } from '../bpjs/client.js';
import { type Gateway, GatewayError, sendWhatsApp } from './gateway.js';
import {
  type BpjsService,
  bpjsServices,
  type Claim,
  type ClaimedMessage,
  claimDue,
  noteBpjsNotConfigured,
  outboxSummary,
  pendingAfter,
} from './service.js';

/**
 * Work the elected process does on a timer besides delivering (the booking reminders): it runs when the
 * process starts to lead, so that it catches up after downtime, then every `everyMs`. For a moment two
 * processes may believe they lead, so a job must be safe run twice at once (it queues outbox events, which
 * exist once each). `run` answers how many messages it queued; as many as its batch means: again at once.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: (db: Database) => Promise<{ queued: number; more: boolean }>;
}

export interface WorkerOptions {
  /** Unset: no WhatsApp message is sent, they stay pending and are logged. */
  gateway: Gateway | undefined;
  /** Unset: reports to BPJS stay pending, marked as waiting for the configuration. */
  bpjs: BpjsLink | undefined;
  /** Unset: reports to Aplicares (written only while it was configured) wait the same way. */
  aplicares?: BpjsLink;
  /** WhatsApp: after this many attempts a message fails for good (staff can retry it). */
  maxAttempts: number;
  /**
   * BPJS: a report is retried until it is this old (24 hours), so that an outage of BPJS ends with every
   * report delivered and nobody clicking; a later report of the same booking waits for it.
   */
  bpjsRetryForMs: number;
  /** How often the leader checks the outbox when nobody wakes it: retries fall due, the command line writes. */
  pollMs: number;
  /** How often a server process that does not deliver the outbox tries to take over (see electLeader). */
  electionRetryMs: number;
  /** The first retry waits this long; each further one twice as long as the one before. */
  backoffBaseMs: number;
  /** The longest wait between two attempts. */
  maxBackoffMs: number;
  /** A claim lasts the longest a send may take plus this, for the database and a busy process. */
  leaseMarginMs: number;
  jobs?: ScheduledJob[];
}

const BATCH = 10;
const LOG_BATCH = 100;

export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** (Math.min(attempts, 40) - 1), maxMs);
}

/**
 * Delivers the outbox: WhatsApp messages to the gateway, reports to BPJS. Of the server processes on one
 * database one delivers at a time (elected: `DatabaseHandle.elect`), so that they do not race each other
 * for every message; the claims of `claimDue` keep a message from going out twice even so, when a leader
 * that lost its connection has not noticed yet. The leader runs one pass at a time on a timer that never
 * keeps the process alive; `wake()` after a commit that enqueued something, in any process, starts a pass
 * at once.
 */
export class OutboxWorker {
  private readonly db: Database;
  private leadership: Leadership | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private woken = false;
  private stopped = true;
  /** Between `start` and `stop`: leading, or trying to lead. */
  private standing = false;
  /** When the leader's loop last moved: it led, began or ended a pass, or finished a send. */
  private movedAt = 0;
  /** Without a gateway: the newest message already logged. */
  private loggedUpTo = 0;
  /** When each job is due next (by name); emptied when this process starts to lead. */
  private readonly jobsDue = new Map<string, number>();

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'elect'>,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {
    this.db = database.db;
  }

  /** Stands for election: this process delivers when it leads, now or once the leader is gone. */
  async start(): Promise<void> {
    this.standing = true;
    this.leadership = await this.database.elect(
      'outbox',
      { lead: () => this.lead(), stepDown: () => this.stepDown(), nudged: () => this.look() },
      { retryMs: this.options.electionRetryMs },
    );
  }

  /** Something was just enqueued: the leader looks now rather than at the next poll. */
  wake(): void {
    this.leadership?.nudge();
  }

  /** Waits for the pass under way (each send is bounded by the gateway timeout); no new one starts. */
  async stop(): Promise<void> {
    this.standing = false;
    await this.leadership?.stop();
  }

  /**
   * Alive: the process stands for election (it delivers when it leads, or takes over when the leader is
   * gone), and, when it leads, its loop is not stuck: it moved within a poll plus the longest a send may take
   * (the longest claim's lease). `leading` tells whether this process delivers now.
   */
  health(now = Date.now()): { alive: boolean; leading: boolean } {
    const leading = !this.stopped;
    const { gateway, bpjs, aplicares, leaseMarginMs, pollMs } = this.options;
    const longestSendMs = Math.max(
      gateway?.timeoutMs ?? 0,
      4 * (bpjs?.timeoutMs ?? 0),
      4 * (aplicares?.timeoutMs ?? 0),
    );
    const stuck = leading && now - this.movedAt > pollMs + longestSendMs + leaseMarginMs;
    return { alive: this.standing && !stuck, leading };
  }

  private async lead(): Promise<void> {
    this.stopped = false;
    this.movedAt = Date.now();
    this.jobsDue.clear();
    this.log.info('this process delivers the outbox');
    if (!this.options.gateway) {
      const { pending, lastId } = await outboxSummary(this.db);
      this.loggedUpTo = lastId;
      this.log.info(
        { pending },
        'no WhatsApp gateway configured (WHATSAPP_GATEWAY_URL): notifications are kept in the outbox, not sent',
      );
    }
    if (!this.options.bpjs) {
      this.log.info(
        'BPJS not configured (BPJS_ANTREAN_URL, _CONS_ID, _SECRET_KEY, _USER_KEY): reports to BPJS wait in the outbox',
      );
    }
    this.schedule(0);
  }

  private look(): void {
    if (this.pass) this.woken = true;
    else this.schedule(0);
  }

  private async stepDown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
    this.log.info('this process no longer delivers the outbox');
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    this.movedAt = Date.now();
    this.pass = this.runPass().then((more) => {
      this.pass = undefined;
      this.movedAt = Date.now();
      const again = more || this.woken;
      this.woken = false;
      this.schedule(again ? 0 : this.options.pollMs);
    });
  }

  /** One pass over both channels; true when there may be more to do at once. */
  private async runPass(): Promise<boolean> {
    const { gateway } = this.options;
    const queued = await this.guarded(() => this.runJobs());
    const more = await Promise.all([
      this.guarded(() => (gateway ? this.deliverWhatsApp(gateway) : this.logKept())),
      this.guarded(() => this.deliverBpjs()),
    ]);
    return queued || more.some(Boolean);
  }

  /** The jobs that are due; true when one has more to do at once. */
  private async runJobs(): Promise<boolean> {
    let more = false;
    for (const job of this.options.jobs ?? []) {
      if (Date.now() < (this.jobsDue.get(job.name) ?? 0)) continue;
      const result = await job.run(this.db);
      this.jobsDue.set(job.name, result.more ? 0 : Date.now() + job.everyMs);
      if (result.queued > 0)
        this.log.info({ job: job.name, queued: result.queued }, 'scheduled job queued messages');
      more ||= result.more;
    }
    return more;
  }

  private async guarded(pass: () => Promise<boolean>): Promise<boolean> {
    try {
      return await pass();
    } catch (err) {
      this.log.error({ err }, 'outbox pass failed');
      return false;
    }
  }

  private async deliverWhatsApp(gateway: Gateway): Promise<boolean> {
    const claim = await claimDue(this.db, 'whatsapp', BATCH, gateway.timeoutMs + this.options.leaseMarginMs);
    // One recipient's messages go out in order; different recipients at the same time.
    const queues = new Map<string | null, ClaimedMessage[]>();
    for (const message of claim.messages)
      queues.set(message.recipient, [...(queues.get(message.recipient) ?? []), message]);
    await Promise.all(
      [...queues.values()].map(async (queue) => {
        for (const message of queue) {
          await this.deliver('whatsapp', claim, message, async () => {
            await sendWhatsApp(gateway, {
              to: message.recipient as string,
              message: message.message,
              eventKey: message.eventKey,
            });
            return null;
          });
        }
      }),
    );
    return claim.messages.length === BATCH;
  }

  /**
   * Reports to the BPJS services that are configured; those waiting for another say so. Each claimed
   * report heads its stream (a booking, a room), so they can all go at once.
   */
  private async deliverBpjs(): Promise<boolean> {
    const links: Record<BpjsService, BpjsLink | undefined> = {
      antrean: this.options.bpjs,
      aplicares: this.options.aplicares,
    };
    const ready = bpjsServices.filter((service) => links[service] !== undefined);
    for (const service of bpjsServices.filter((s) => links[s] === undefined)) {
      await noteBpjsNotConfigured(this.db, service);
    }
    if (ready.length === 0) return false;
    // An Aplicares report may take a few calls: a create after a refused update, a read after a refused delete.
    const slowest = Math.max(...ready.map((service) => links[service]?.timeoutMs ?? 0));
    const claim = await claimDue(this.db, 'bpjs', BATCH, slowest * 4 + this.options.leaseMarginMs, ready);
    await Promise.all(
      claim.messages.map((message) =>
        this.deliver('bpjs', claim, message, async () => {
          const request = message.request as NonNullable<ClaimedMessage['request']>;
          if (request.service === 'aplicares') {
            return deliverBedReport(links.aplicares as BpjsLink, request);
          }
          const answer = await callAntrean(links.antrean as BpjsLink, request);
          return `${answer.code} ${answer.message}`.trim();
        }),
      ),
    );
    return claim.messages.length === BATCH;
  }

  /**
   * One attempt, under a claim renewed just before it (each send is bounded by its timeout, which the
   * lease covers): `send` resolves with what the other side answered, or throws why it failed.
   */
  private async deliver(
    channel: OutboxChannel,
    claim: Claim,
    message: ClaimedMessage,
    send: () => Promise<string | null>,
  ): Promise<void> {
    const context = { outboxId: message.id, eventKey: message.eventKey, attempt: message.attempts };
    if (!(await claim.keep(message.id))) {
      this.log.warn(
        context,
        'the claim on this notification ended before it was sent; another worker has it',
      );
      return;
    }
    let reply: string | null;
    try {
      reply = await send();
    } catch (err) {
      this.movedAt = Date.now();
      outboxFailures.inc({ channel });
      const shown =
        err instanceof GatewayError ? err.shown : err instanceof Error ? err.message : String(err);
      const { maxAttempts, bpjsRetryForMs, backoffBaseMs, maxBackoffMs } = this.options;
      const final = channel === 'bpjs' ? message.ageMs >= bpjsRetryForMs : message.attempts >= maxAttempts;
      await claim.failed(
        message.id,
        shown,
        final ? null : backoffMs(message.attempts, backoffBaseMs, maxBackoffMs),
      );
      this.log.warn(
        { ...context, error: err instanceof GatewayError ? err.message : shown },
        final
          ? 'notification failed for good; staff can retry it'
          : 'notification attempt failed; will retry',
      );
      return;
    }
    this.movedAt = Date.now();
    outboxDeliveries.inc({ channel });
    await claim.sent(message.id, reply);
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
