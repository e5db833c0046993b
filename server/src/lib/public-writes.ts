import type { Database } from '../db/client.js';
import { limitWrites } from './throttle.js';

/** Public forms are small: a bigger body is not a real order or complaint (413). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

export interface PublicWriteOptions {
  /** The writes a minute that the public forms (orders and complaints together) allow one address. */
  publicWrites: { limit: number };
}

/** Who is writing: the client's address and the budget that applies to it. */
export interface PublicClient {
  address: string;
  limit: number;
}

/** Runs one public form's write under the budget that all of them share per client address. */
export function limitPublicWrites<T>(
  db: Database,
  client: PublicClient,
  write: () => Promise<T>,
): Promise<T> {
  return limitWrites(db, { key: `public-write:${client.address}`, limit: client.limit }, write);
}
