import type { QueueBoard } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useLiveQuery } from './liveStream';

const queueBoardKey = ['queue', 'board'] as const;

export const QUEUE_BOARD_STREAM_URL = '/api/queue/board/stream';
/** How often the board is read while the event stream is down. */
export const QUEUE_BOARD_POLL_MS = 10_000;
/** When to try the stream again after the server refused it. */
export const QUEUE_BOARD_RECONNECT_MS = 10_000;
/** The dashboard's summary may lag half a minute; the board itself is live. */
const QUEUE_SUMMARY_REFRESH_MS = 30_000;

function fetchQueueBoard(signal?: AbortSignal): Promise<QueueBoard> {
  return apiFetch<QueueBoard>('/api/queue/board', { signal });
}

/** Today's queues, per clinic: read on the dashboard every half minute. */
export function useQueueBoard() {
  return useQuery({
    queryKey: queueBoardKey,
    queryFn: ({ signal }) => fetchQueueBoard(signal),
    refetchInterval: QUEUE_SUMMARY_REFRESH_MS,
  });
}

/** Today's queues kept live by the server's event stream (each call, check-in and cancellation). */
export function useLiveQueueBoard() {
  return useLiveQuery({
    queryKey: queueBoardKey,
    queryFn: fetchQueueBoard,
    streamUrl: QUEUE_BOARD_STREAM_URL,
    event: 'board',
    pollMs: QUEUE_BOARD_POLL_MS,
    reconnectMs: QUEUE_BOARD_RECONNECT_MS,
  });
}
