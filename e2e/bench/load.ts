import { Pool } from 'undici';
import { type Drive, drive } from './timing.ts';

/**
 * Connections of every HTTP load (and of the SQL anchor's pool): as many requests in flight as a busy
 * hospital's phones and kiosks keep open, on a 2-core machine.
 */
export const CONNECTIONS = 32;

export interface HttpRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult extends Drive {
  /** Answers per HTTP status. */
  statuses: Map<number, number>;
}

/**
 * Sends `request(n)` over CONNECTIONS kept-alive connections, opened first (undici's pool: about a third of
 * the CPU a node:http agent spends per request, which matters when the load and the server share 2 cores), for
 * `seconds` after `warmUpSeconds` untimed, or `count` requests. `answer` gets each status and body when
 * given; otherwise bodies are read and dropped.
 */
export async function loadHttp(
  origin: string,
  request: (n: number) => HttpRequest,
  options: {
    seconds?: number;
    warmUpSeconds?: number;
    count?: number;
    /** Requests in flight (CONNECTIONS unless said). */
    connections?: number;
    answer?: (n: number, status: number, body: string) => void;
  },
): Promise<LoadResult> {
  const { connections = CONNECTIONS } = options;
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const statuses = new Map<number, number>();
  const send = async (n: number) => {
    const { path, method = 'GET', headers, body } = request(n);
    const res = await pool.request({ path, method, headers, body });
    if (options.answer) options.answer(n, res.statusCode, await res.body.text());
    else await res.body.dump();
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  };
  try {
    // Every connection is open before the clock starts, as a proxy in front keeps its own open: without this,
    // a burst's first requests waited for 32 connections to open at once and were its slowest (the ten
    // slowest bookings of a burst, its p99, were all among its first 32: 220–300 ms against 150–180).
    await Promise.all(
      Array.from({ length: connections }, async () =>
        (await pool.request({ path: '/api/health', method: 'GET' })).body.dump(),
      ),
    );
    if (options.warmUpSeconds)
      await drive(send, { concurrency: connections, seconds: options.warmUpSeconds });
    statuses.clear();
    const result = await drive(send, {
      concurrency: connections,
      seconds: options.seconds,
      count: options.count,
    });
    return { ...result, statuses };
  } finally {
    await pool.close();
  }
}
