import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * `live`: the server pushes every change. Otherwise the document is read every few seconds: while the stream
 * is down (`polling`), and until it has delivered (`connecting`), as a proxy may hold an open stream back.
 */
export type LiveFeed = 'connecting' | 'live' | 'polling';

interface LiveQueryOptions<T> {
  /** A constant of the caller's module: a new key on every render would reopen the stream each time. */
  queryKey: QueryKey;
  queryFn: (signal: AbortSignal) => Promise<T>;
  /** The server's event stream, which sends the whole document on connect and after every change. */
  streamUrl: string;
  /** The name of the stream's events that carry the document. */
  event: string;
  /** How often the document is read while the stream is down. */
  pollMs: number;
  /** When to try the stream again after the server refused it (the browser retries dropped ones itself). */
  reconnectMs: number;
}

/** A document kept up to date by the server's event stream, and polled while the stream is down. */
export function useLiveQuery<T>({
  queryKey,
  queryFn,
  streamUrl,
  event,
  pollMs,
  reconnectMs,
}: LiveQueryOptions<T>) {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<LiveFeed>(() =>
    typeof EventSource === 'undefined' ? 'polling' : 'connecting',
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(streamUrl);
      source.addEventListener(event, (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as T;
        // A read still under way started before this push and would overwrite it with older data.
        void queryClient.cancelQueries({ queryKey }).then(() => queryClient.setQueryData(queryKey, data));
        setFeed('live');
      });
      source.addEventListener('error', () => {
        setFeed('polling');
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(connect, reconnectMs);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [queryClient, queryKey, streamUrl, event, reconnectMs]);

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => queryFn(signal),
    refetchInterval: feed === 'live' ? false : pollMs,
  });
  return { ...query, feed };
}
