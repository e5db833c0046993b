import type { PharmacyDesk, PrescriptionType, QueueAction, QueueDesk, QueueEntry } from '@portal/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

export const queueDeskKey = ['queue', 'desk'] as const;
const pharmacyKey = ['queue', 'pharmacy'] as const;

/** How often the desk asks again: patients check in at the kiosk and online while the desk works. */
export const QUEUE_DESK_REFETCH_MS = 10_000;

/** Today's sessions of one clinic, with their bookings by queue number. */
export function useQueueDesk(clinicId: number | null) {
  return useQuery({
    queryKey: [...queueDeskKey, clinicId],
    queryFn: ({ signal }) =>
      apiFetch<QueueDesk>(`/api/queue/desk?${new URLSearchParams({ clinicId: String(clinicId) })}`, {
        signal,
      }),
    enabled: clinicId !== null,
    staleTime: 0,
    refetchInterval: QUEUE_DESK_REFETCH_MS,
    meta: { staffOnly: true },
  });
}

/** Puts the entry the server answered into every desk that lists it, so the row changes before the refetch. */
function replaceEntry(queryClient: QueryClient, entry: QueueEntry) {
  queryClient.setQueriesData<QueueDesk>({ queryKey: queueDeskKey }, (desk) =>
    desk
      ? {
          ...desk,
          sessions: desk.sessions.map((session) => ({
            ...session,
            entries: session.entries.map((current) =>
              current.bookingCode === entry.bookingCode ? entry : current,
            ),
          })),
        }
      : desk,
  );
}

/**
 * Every desk action answers the entry as it is now; quotas and the session's last action come with the
 * desk, read again afterwards. A refusal (409: nothing waiting, a move no longer allowed because another
 * desk was quicker) is the error toast's: the desk has no form to show it in.
 */
function useDeskMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<QueueEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queueDeskKey,
    mutationFn,
    onSuccess: (entry) => replaceEntry(queryClient, entry),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueDeskKey }),
        queryClient.invalidateQueries({ queryKey: pharmacyKey }),
      ]),
  });
}

/** Calls the lowest queue number of the session that waits for the clinic. */
export function useCallNext() {
  return useDeskMutation((scheduleId: number) =>
    apiPost<QueueEntry>('/api/queue/desk/call-next', { scheduleId }),
  );
}

/** Reverts the session's last desk action (its status and its task stamp). */
export function useUndoQueueAction() {
  return useDeskMutation((scheduleId: number) => apiPost<QueueEntry>('/api/queue/desk/undo', { scheduleId }));
}

export function useQueueAction() {
  return useDeskMutation(({ bookingCode, action }: { bookingCode: string; action: QueueAction }) =>
    apiPost<QueueEntry>(`/api/queue/desk/registrations/${encodeURIComponent(bookingCode)}/${action}`),
  );
}

/** Calls a called patient again: the board says the number once more; the queue stays as it is. */
export function useRecallCalled() {
  return useDeskMutation(({ bookingCode }: { bookingCode: string; action: 'recall' }) =>
    apiPost<QueueEntry>(`/api/queue/desk/registrations/${encodeURIComponent(bookingCode)}/recall`),
  );
}

/** Sends a served patient to the pharmacy with the prescription type: the pharmacy's next number. */
export function useSendToPharmacy() {
  return useDeskMutation(
    ({ bookingCode, prescriptionType }: { bookingCode: string; prescriptionType: PrescriptionType }) =>
      apiPost<QueueEntry>(`/api/queue/desk/registrations/${encodeURIComponent(bookingCode)}/pharmacy`, {
        prescriptionType,
      }),
  );
}

/** Today's pharmacy queue of every clinic. */
export function usePharmacyDesk() {
  return useQuery({
    queryKey: pharmacyKey,
    queryFn: ({ signal }) => apiFetch<PharmacyDesk>('/api/queue/pharmacy', { signal }),
    staleTime: 0,
    refetchInterval: QUEUE_DESK_REFETCH_MS,
    meta: { staffOnly: true },
  });
}
