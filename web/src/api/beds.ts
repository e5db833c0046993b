import type { BedsResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

export const bedsQueryKey = ['beds'] as const;

export function fetchBeds(signal?: AbortSignal): Promise<BedsResponse> {
  return apiFetch<BedsResponse>('/api/beds', { signal });
}

/**
 * Bed availability, read once and polled every `refetchInterval` ms (false: not polled). The bed page and
 * the ward desk keep it live through the event stream instead (bedsStream.ts).
 */
export function useBeds({ refetchInterval = false }: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: bedsQueryKey,
    queryFn: ({ signal }) => fetchBeds(signal),
    refetchInterval,
  });
}
