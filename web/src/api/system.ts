import type { SystemStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

/** The system screen's state, read again every 30 seconds while the screen is open. */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['system'],
    queryFn: ({ signal }) => apiFetch<SystemStatus>('/api/system', { signal }),
    refetchInterval: 30_000,
    meta: { staffOnly: true },
  });
}
