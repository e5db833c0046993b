import type { SimrsFreshness, SystemStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchWithHeaders } from './client';
import { useSession } from './session';

/** The system screen's state, read again every 30 seconds while the screen is open. */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['system'],
    queryFn: ({ signal }) => apiFetch<SystemStatus>('/api/system', { signal }),
    refetchInterval: 30_000,
    meta: { staffOnly: true },
  });
}

/** How current the portal's copy of the SIMRS is, and the server's clock when it said so. */
export interface SimrsFreshnessAt extends SimrsFreshness {
  /** From the answer's Date header, so that a browser's wrong clock does not age the copy; else the browser's. */
  checkedAt: string;
}

/**
 * Linked mode's freshness for the notice on every staff screen, read every 30 seconds while `enabled` (a staff
 * member is logged in). A side note, never an error: a refusal or a failure shows nothing and, unlike the staff
 * data, a 401 here ends no session (the session query notices an ended session itself); the next read retries.
 */
export function useSimrsFreshness(enabled: boolean) {
  return useQuery({
    queryKey: ['simrs-freshness'],
    queryFn: async ({ signal }): Promise<SimrsFreshnessAt> => {
      const { body, headers } = await apiFetchWithHeaders<SimrsFreshness>('/api/system/simrs', { signal });
      const serverNow = Date.parse(headers.get('Date') ?? '');
      return { ...body, checkedAt: new Date(Number.isNaN(serverNow) ? Date.now() : serverNow).toISOString() };
    },
    enabled,
    refetchInterval: 30_000,
    retry: false,
    meta: { inlineErrors: true },
  });
}

/**
 * Linked mode: the SIMRS owns patients, visits, stays, rooms, tariffs, doctors, mappings and schedules, and the
 * server refuses (409 SIMRS_OWNED) the changes of them that it does not write through. The screens offer no such
 * change then. False standalone, and while the question is unanswered or failed: the screens stay as they are.
 */
export function useSimrsLinked(): boolean {
  const { session } = useSession();
  // Asked for staff only, as the notice asks: the public is offered no change anyway.
  return useSimrsFreshness(session !== null && !session.passwordChangeRequired).data?.linked === true;
}
