import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { Leadership } from '../db/leader.js';
import type { AplicaresSetup } from '../modules/aplicares/reports.js';
import type { SimrsClient } from './client.js';
import { linkRound, recordLinkError } from './link.js';

export interface LinkWorkerOptions {
  /** The pause between rounds once the copy is current. */
  pollMs: number;
  /** How often a process that does not run the link tries to take over (see electLeader). */
  electionRetryMs: number;
  /** BPJS Aplicares, told of the rooms the SIMRS changes; undefined when off. */
  aplicares?: AplicaresSetup;
}

/**
 * Runs the SIMRS link in one server process of all (elected like the outbox's): a round, then the next
 * at once while there is more, else after `pollMs`. A SIMRS that does not answer fails the round, which
 * is recorded and logged once per new reason; the portal goes on with the copy it has, and the link
 * catches up when the SIMRS answers again (the change log keeps what it missed).
 */
export class SimrsLinkWorker {
  private leadership?: Leadership;
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private leading = false;
  private lastError: string | undefined;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'elect'>,
    private readonly simrs: SimrsClient,
    private readonly log: FastifyBaseLogger,
    private readonly options: LinkWorkerOptions,
  ) {}

  async start(): Promise<void> {
    this.leadership = await this.database.elect(
      'simrs-link',
      { lead: async () => this.lead(), stepDown: () => this.stepDown(), nudged: () => this.schedule(0) },
      { retryMs: this.options.electionRetryMs },
    );
  }

  async stop(): Promise<void> {
    await this.leadership?.stop();
  }

  private lead(): void {
    this.leading = true;
    this.log.info({ simrs: this.simrs.target }, 'this process runs the SIMRS link');
    this.schedule(0);
  }

  private async stepDown(): Promise<void> {
    this.leading = false;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(delayMs: number): void {
    if (!this.leading || this.round) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.round = this.runRound().then((more) => {
        this.round = undefined;
        this.schedule(more ? 0 : this.options.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async runRound(): Promise<boolean> {
    try {
      const { applied, more } = await linkRound(this.database.db, this.simrs, {
        aplicares: this.options.aplicares,
      });
      if (this.lastError !== undefined) this.log.info('the SIMRS link works again');
      this.lastError = undefined;
      if (applied > 0) this.log.info({ applied, more }, 'SIMRS changes mirrored');
      return more;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (reason !== this.lastError)
        this.log.error({ err }, 'the SIMRS link failed; the portal keeps its copy');
      this.lastError = reason;
      await recordLinkError(this.database.db, err).catch(() => undefined);
      return false;
    }
  }
}
