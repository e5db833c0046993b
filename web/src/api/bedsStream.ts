import type { BedsResponse } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bedsQueryKey, fetchBeds } from './beds';

export const BEDS_STREAM_URL = '/api/beds/stream';
/** How often the beds are read while the event stream is down. */
export const BEDS_POLL_MS = 10_000;
/** When to try the stream again after the server refused it (the browser retries dropped ones itself). */
export const BEDS_RECONNECT_MS = 10_000;

/**
 * `live`: the server pushes every change. Otherwise the beds are read every 10 s: while the stream is down
 * (`polling`), and until it has delivered (`connecting`), as a proxy may hold an open stream back.
 */
export type BedsFeed = 'connecting' | 'live' | 'polling';

/**
 * Bed availability kept up to date by the server's event stream, which sends the whole document on connect
 * and after every admission, transfer or discharge. While the stream is down the beds are polled instead.
 */
export function useLiveBeds() {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<BedsFeed>(() =>
    typeof EventSource === 'undefined' ? 'polling' : 'connecting',
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(BEDS_STREAM_URL);
      source.addEventListener('beds', (event) => {
        const beds = JSON.parse((event as MessageEvent<string>).data) as BedsResponse;
        // A read still under way started before this push and would overwrite it with older data.
        void queryClient
          .cancelQueries({ queryKey: bedsQueryKey })
          .then(() => queryClient.setQueryData(bedsQueryKey, beds));
        setFeed('live');
      });
      source.addEventListener('error', () => {
        setFeed('polling');
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(connect, BEDS_RECONNECT_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [queryClient]);

  const query = useQuery({
    queryKey: bedsQueryKey,
    queryFn: ({ signal }) => fetchBeds(signal),
    refetchInterval: feed === 'live' ? false : BEDS_POLL_MS,
  });
  return { ...query, feed };
}
