import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './db/seed/demo.js';

async function main() {
  const config = loadConfig();
  process.env.TZ = config.timeZone;
  // Several processes only on PostgreSQL (config.ts): PGlite is PostgreSQL inside this process, and its
  // folder can be opened by one process only.
  if (cluster.isPrimary && config.workers > 1 && config.databaseUrl) {
    await runPrimary({ ...config, databaseUrl: config.databaseUrl });
  } else {
    await serve(config);
  }
}

/** One server process: alone, or one of the cluster's workers. */
async function serve(config: Config) {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // The demo data goes into a brand-new embedded database only, never into a real server by surprise.
  const freshEmbedded = !config.databaseUrl && !existsSync(pgliteDir);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir },
  );
  const app = await buildApp({ config, database });
  try {
    // A cluster's primary migrated before it forked.
    if (cluster.isPrimary) await database.migrate();
    if (freshEmbedded) {
      const summary = await seedDemo(database.db);
      app.log.info({ summary }, 'demo data loaded into the new embedded database');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'start failed');
    await app.close();
    process.exitCode = 1;
    // A cluster's worker is kept alive by its channel to the primary: it lets go, so that it ends and the
    // primary learns that it failed.
    cluster.worker?.disconnect();
    return;
  }
  app.log.info(
    {
      database: database.backend,
      location: config.databaseUrl ? 'DATABASE_URL' : pgliteDir,
      tz: config.timeZone,
    },
    `database: ${database.backend}`,
  );

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // Ctrl-C reaches a cluster's workers twice: from the terminal and from the primary.
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Closing the app closes the database (PGlite flushes, the pg pool ends).
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(`Gagal memulai server: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
