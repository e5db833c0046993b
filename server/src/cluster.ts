import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { serveClusterMetrics } from './lib/cluster-metrics.js';

/** A worker that lived this long died of something new: it is started again at once (after FIRST_DELAY_MS). */
const STABLE_MS = 30_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * The primary process of `config.workers` server processes on one port (PostgreSQL only; see main.ts): it
 * migrates the database once, forks the workers, which serve, starts again a worker that dies, and ends
 * them all on SIGINT or SIGTERM, exiting when the last has ended. It serves nothing itself.
 */
export async function runPrimary(config: Config & { databaseUrl: string }): Promise<void> {
  const log = pino({ level: config.logLevel });
  // Before any worker starts: workers migrating at the same time would race for the migrations table.
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }

  const running = new Set<Worker>();
  // A scrape of /metrics answers for the processes that serve (a process still starting has nothing to say).
  const serving = new Set<Worker>();
  serveClusterMetrics(() => serving);
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;
  // Until a worker has listened, a worker's death is a failed start (a taken port, a bad setting): it
  // would fail again, so the server stops as a single process does.
  let listened = false;

  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    for (const worker of running) worker.process.kill('SIGTERM');
    if (running.size === 0) process.exit(exitCode);
  };

  /** Forks the worker of one place; `quickDeaths` counts how often in a row it died young. */
  const fork = (quickDeaths: number) => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    running.add(worker);
    worker.once('listening', () => {
      listened = true;
      serving.add(worker);
    });
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      serving.delete(worker);
      if (stopping) {
        // A worker still starting when the signal came ends by it, before its handler is set: that is clean too.
        if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
        if (running.size === 0) {
          log.info('all server processes ended');
          process.exit(exitCode);
        }
        return;
      }
      const context = { workerPid: worker.process.pid, code, signal };
      if (!listened) {
        log.fatal(context, 'a server process failed to start; stopping');
        stop(1);
        return;
      }
      // A crash loop (the database gone, a bad deployment) backs off instead of spinning.
      const deaths = Date.now() - startedAt < STABLE_MS ? quickDeaths + 1 : 0;
      const delayMs = Math.min(FIRST_DELAY_MS * 2 ** deaths, MAX_DELAY_MS);
      log.error({ ...context, restartInMs: delayMs }, 'a server process died; starting another');
      const timer = setTimeout(() => {
        restarts.delete(timer);
        fork(deaths);
      }, delayMs);
      restarts.add(timer);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!stopping) log.info({ signal }, 'shutting down the server processes');
      stop(0);
    });
  }
  log.info({ workers: config.workers }, `starting ${config.workers} server processes`);
  for (let i = 0; i < config.workers; i++) fork(0);
}
