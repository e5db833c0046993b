/**
 * Throughput and latency of the public reads the public hits most, on the built server with the
 * embedded database (the slower of the two backends), and the server's memory afterwards.
 * Fails when a goal is missed.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startServer } from './server.ts';

const concurrency = 16;
const seconds = 3;
// Goals on the 2-core reference machine; generous enough for noise, tight enough to catch a
// regression such as a missing index or an N+1 query.
const goals = { minRequestsPerSecond: 300, maxP99Ms: 250, maxRssMb: 600 };

function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

async function load(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        const status = await get(agent, url);
        latencies.push(performance.now() - start);
        if (status !== 200) failures++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

/** Resident memory of a process in MB (VmRSS now, VmHWM its peak), from Linux's /proc. */
const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

async function main() {
  const server = await startServer(3197);
  const books = (await (await fetch(`${server.base}/api/tariff-books`)).json()) as { id: number }[];
  const endpoints = [
    '/api/duty',
    '/api/beds',
    '/api/ambulance-tariffs?q=kota',
    `/api/tariff-books/${books[0]?.id}/items?q=konsultasi&pageSize=50`,
  ];
  let missed = false;
  try {
    console.log(`${concurrency} concurrent clients, ${seconds} s per endpoint, embedded database`);
    for (const path of endpoints) {
      await load(`${server.base}${path}`); // warm-up: JIT and database caches
      const r = await load(`${server.base}${path}`);
      const ok = r.failures === 0 && r.rps >= goals.minRequestsPerSecond && r.p99 <= goals.maxP99Ms;
      missed ||= !ok;
      console.log(
        `${ok ? 'ok  ' : 'MISS'} ${path.padEnd(52)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.failures ? `  ${r.failures} failed` : ''}`,
      );
    }
    const rss = memoryMb(server.pid, 'VmRSS');
    missed ||= rss > goals.maxRssMb;
    console.log(`server memory after the load: ${rss.toFixed(0)} MB (goal ≤ ${goals.maxRssMb} MB)`);
    // The peak includes the first start: migrations and the demo seed hashing staff passwords.
    console.log(`server peak memory since start: ${memoryMb(server.pid, 'VmHWM').toFixed(0)} MB`);
    console.log(`goals: ≥ ${goals.minRequestsPerSecond} req/s and p99 ≤ ${goals.maxP99Ms} ms per endpoint`);
  } finally {
    await server.stop();
  }
  if (missed) {
    console.error('a goal was missed');
    process.exitCode = 1;
  }
}

await main();
