import type { Transaction } from '../db/client.js';
import { complaints, orders } from '../db/schema/index.js';
import { limitWrites } from './throttle.js';

/** Public forms are small: a bigger body is not a real order or complaint (413). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

export interface PublicWriteOptions {
  /** Orders and complaints accepted per minute from one client address (PUBLIC_WRITE_LIMIT). */
  publicWriteLimit: number;
}

/** Who is writing: the client's address and the limit that applies to it. */
export interface PublicClient {
  address: string;
  /** Orders and complaints allowed per minute from that address. */
  writeLimit: number;
}

/**
 * Orders and complaints share one budget per client address (PUBLIC_WRITE_LIMIT a minute): the
 * rows themselves are the throttle's memory, so nothing extra is stored.
 */
export function limitPublicWrites(tx: Transaction, client: PublicClient): Promise<void> {
  return limitWrites(tx, {
    key: `public-write:${client.address}`,
    address: client.address,
    limit: client.writeLimit,
    logs: [
      { table: orders, address: orders.address, at: orders.createdAt },
      { table: complaints, address: complaints.address, at: complaints.createdAt },
    ],
  });
}
