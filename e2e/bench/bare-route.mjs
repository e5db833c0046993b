/**
 * The ceiling of the throughput table: Fastify answering a small constant JSON document, without hooks,
 * plugins or a database, in a process of its own as the portal's server is. Listens on the port given
 * as its argument; the path is the one the benchmark waits on for any server.
 */
import { createRequire } from 'node:module';

// Fastify is the server workspace's dependency: the same version the portal runs.
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
