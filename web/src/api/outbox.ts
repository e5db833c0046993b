import type { OutboxBacklog, OutboxChannel, OutboxPage, OutboxRetried } from '@portal/contract';
import type { OutboxStatus } from '@portal/contract/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

const outboxKey = ['outbox'] as const;

export interface OutboxFilter {
  status: OutboxStatus | null;
  channel: OutboxChannel | null;
  page: number;
  pageSize: number;
}

export function useOutbox(filter: OutboxFilter) {
  const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.status) search.set('status', filter.status);
  if (filter.channel) search.set('channel', filter.channel);
  return useQuery({
    queryKey: [...outboxKey, filter],
    queryFn: ({ signal }) => apiFetch<OutboxPage>(`/api/desk/outbox?${search}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    meta: { staffOnly: true },
  });
}

export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<void>(`/api/desk/outbox/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}

/** Per channel: what waits, what is stuck and since when, what failed for good. */
export function useOutboxBacklog() {
  return useQuery({
    queryKey: [...outboxKey, 'backlog'],
    queryFn: ({ signal }) => apiFetch<OutboxBacklog[]>('/api/desk/outbox/backlog', { signal }),
    refetchInterval: 15_000,
    meta: { staffOnly: true },
  });
}

/** Every failed message of a channel sent again (after an outage). */
export function useRetryFailedOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: OutboxChannel) =>
      apiPost<OutboxRetried>('/api/desk/outbox/retry-failed', { channel }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}
