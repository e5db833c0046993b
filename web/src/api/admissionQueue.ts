import type { AdmissionQueue } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { QUEUE_DESK_REFETCH_MS } from './queueDesk';
import { useMutation } from './useMutation';

const admissionQueueKey = ['queue', 'admission'] as const;

/** Today's walk-in tickets at the admission desk; read again as the lobby kiosk gives out numbers. */
export function useAdmissionQueue() {
  return useQuery({
    queryKey: admissionQueueKey,
    queryFn: ({ signal }) => apiFetch<AdmissionQueue>('/api/admission-queue', { signal }),
    staleTime: 0,
    refetchInterval: QUEUE_DESK_REFETCH_MS,
    meta: { staffOnly: true },
  });
}

/** The number a counter serves now, if any. */
export const servedAt = (queue: AdmissionQueue | undefined, counter: number | null) =>
  queue?.tickets.find((ticket) => ticket.status === 'CALLED' && ticket.counter === counter) ?? null;

export type CounterAction = 'call-next' | 'recall' | 'finish';

/**
 * A counter's action: call the next number (finishing its own), call its number again, or finish it. Each
 * answers the day's tickets as they are now; a refusal (409: nobody waits) is the error toast's.
 */
export function useCounterAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: admissionQueueKey,
    mutationFn: ({ action, counter }: { action: CounterAction; counter: number }) =>
      apiPost<AdmissionQueue>(`/api/admission-queue/${action}`, { counter }),
    onSuccess: (queue) => queryClient.setQueryData(admissionQueueKey, queue),
    onSettled: () => queryClient.invalidateQueries({ queryKey: admissionQueueKey }),
  });
}
