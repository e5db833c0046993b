import type { HealthResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiFetch<HealthResponse>('/api/health', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
