import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './db/seed/demo.js';

const usage = `Pemakaian: npm run cli -- <perintah>

Perintah:
  seed demo     muat data demo (aman diulang; data yang sudah ada tidak digandakan)

Basis data: DATABASE_URL bila diisi, selain itu basis data tertanam di DATA_DIR
(hentikan server lebih dulu bila memakai basis data tertanam).`;

class UsageError extends Error {}

async function withDatabase<T>(
  run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  process.env.TZ = config.timeZone;
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.close();
  }
}

async function main(args: string[]) {
  const [command, sub, ...rest] = args;
  if (command === 'seed' && sub === 'demo' && rest.length === 0) {
    await withDatabase(async ({ db, backend }) => {
      const summary = await seedDemo(db);
      for (const [table, count] of Object.entries(summary)) console.log(`${table}: ${count} baris baru`);
      console.log(`Data demo siap di ${backend}.`);
    });
    return;
  }
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  throw new UsageError(`Perintah tidak dikenal: ${args.join(' ')}\n\n${usage}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(
    err instanceof UsageError || err instanceof ConfigError ? err.message : `Gagal: ${String(err)}`,
  );
  process.exit(err instanceof UsageError ? 2 : 1);
});
