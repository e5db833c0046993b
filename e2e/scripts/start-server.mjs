// Starts the built portal for the browser tests on a fresh database with the demo data:
// a new embedded folder by default, or, when E2E_DATABASE_URL names a PostgreSQL server, a new
// database `portal_e2e` on it (dropped and created again on every run).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

const server = new URL('../../server/dist/', import.meta.url).pathname;
const env = { ...process.env };

if (process.env.E2E_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists portal_e2e with (force)');
  await admin.query('create database portal_e2e');
  await admin.end();
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = '/portal_e2e';
  env.DATABASE_URL = url.toString();
  const seeded = spawnSync('node', [`${server}cli.js`, 'seed', 'demo'], { env, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
} else {
  rmSync(env.DATA_DIR ?? '.tmp/data', { recursive: true, force: true });
}

// The fake BPJS of the repository, with the keys the portal is given (playwright.config.ts): the
// portal reports to it, and the mapping screen fetches BPJS's lists from it.
const bpjs = spawn('node', [`${server}fake-bpjs/main.js`], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const child = spawn('node', [`${server}main.js`], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    bpjs.kill(signal);
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  bpjs.kill();
  process.exit(code ?? 0);
});
