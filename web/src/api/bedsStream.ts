import { bedsQueryKey, fetchBeds } from './beds';
import { useLiveQuery } from './liveStream';

export const BEDS_STREAM_URL = '/api/beds/stream';
/** How often the beds are read while the event stream is down. */
export const BEDS_POLL_MS = 10_000;
/** When to try the stream again after the server refused it (the browser retries dropped ones itself). */
export const BEDS_RECONNECT_MS = 10_000;

/**
 * Bed availability kept up to date by the server's event stream, which sends the whole document on connect
 * and after every admission, transfer or discharge. While the stream is down the beds are polled instead.
 */
export function useLiveBeds() {
  return useLiveQuery({
    queryKey: bedsQueryKey,
    queryFn: fetchBeds,
    streamUrl: BEDS_STREAM_URL,
    event: 'beds',
    pollMs: BEDS_POLL_MS,
    reconnectMs: BEDS_RECONNECT_MS,
  });
}
