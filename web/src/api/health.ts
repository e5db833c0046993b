import type { HealthResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { setHospitalTimeZone } from '../i18n/format';
import { apiFetch } from './client';

/** The server's status, and the hospital's time zone, which every time the app shows is then read on. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => {
      const health = await apiFetch<HealthResponse>('/api/health', { signal });
      setHospitalTimeZone(health.timeZone);
      return health;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
