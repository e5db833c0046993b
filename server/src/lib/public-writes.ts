import type { Transaction } from '../db/client.js';
import { limitWrites, type WriteLog } from './throttle.js';

/** Public forms are small: a bigger body is not a real order or complaint (413). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/**
 * The budget that public forms share per client address: `limit` writes a minute (PUBLIC_WRITE_LIMIT),
 * counted over the tables of all of them. The rows themselves are the throttle's memory, so nothing extra
 * is stored.
 */
export interface PublicWriteBudget {
  limit: number;
  logs: readonly WriteLog[];
}

export interface PublicWriteOptions {
  publicWrites: PublicWriteBudget;
}

/** Who is writing: the client's address and the budget that applies to it. */
export interface PublicClient extends PublicWriteBudget {
  address: string;
}

export function limitPublicWrites(tx: Transaction, client: PublicClient): Promise<void> {
  return limitWrites(tx, {
    key: `public-write:${client.address}`,
    address: client.address,
    limit: client.limit,
    logs: client.logs,
  });
}
