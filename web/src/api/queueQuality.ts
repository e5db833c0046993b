import type { BpjsQueueView, QueueQuality, QueueReportResent } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

const qualityKey = ['queue-quality'] as const;

/** The portal's side of a day: per clinic what BPJS accepted, and the failed reports. */
export function useQueueQuality(date: string) {
  return useQuery({
    queryKey: [...qualityKey, date],
    queryFn: ({ signal }) =>
      apiFetch<QueueQuality>(`/api/queue/quality?${new URLSearchParams({ date })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    meta: { staffOnly: true },
  });
}

/** BPJS's own view of a day, asked only when `date` is given (the head presses the button). */
export function useBpjsQueueView(date: string | null) {
  return useQuery({
    queryKey: [...qualityKey, 'bpjs', date],
    queryFn: ({ signal }) =>
      apiFetch<BpjsQueueView>(`/api/queue/quality/bpjs?${new URLSearchParams({ date: date ?? '' })}`, {
        signal,
      }),
    enabled: date !== null,
    staleTime: 60_000,
    meta: { staffOnly: true },
  });
}

/** One failed report sent to BPJS again. */
export function useResendQueueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) =>
      apiPost<QueueReportResent>(`/api/queue/quality/reports/${reportId}/resend`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qualityKey }),
  });
}
