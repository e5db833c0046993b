/**
 * The ceiling of the throughput table: Fastify answering a small constant JSON document, without hooks,
 * plugins or a database, in a process of its own as the portal's server is. Listens on the port given
 * as its first argument; the path is the one the benchmark waits on for any server. A second argument
 * n > 1 runs n processes under node:cluster, as the portal's WORKERS=n does (a primary that serves
 * nothing, handing each connection to the next worker), for a ceiling of the same shape.
 */
import cluster from 'node:cluster';
import { createRequire } from 'node:module';

// Fastify is the server workspace's dependency: the same version the portal runs.
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const Fastify = require('fastify');

const [port, workers = 1] = process.argv.slice(2).map(Number);

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
  let running = workers;
  cluster.on('exit', () => {
    if (--running === 0) process.exit(0);
  });
} else {
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
}
