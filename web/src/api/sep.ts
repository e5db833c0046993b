import type { Diagnosis, Sep, SepDraft, SepInput } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiSend } from './client';
import { queueDeskKey } from './queueDesk';
import { useMutation } from './useMutation';

// A JKN booking's SEP at the admission desk: the form filled from VClaim, the issued SEP and its printout,
// issued, changed or deleted (the same day) with VClaim while the clerk waits.

const sepKey = (bookingCode: string) => ['sep', bookingCode] as const;
const sepUrl = (bookingCode: string) =>
  `/api/queue/desk/registrations/${encodeURIComponent(bookingCode)}/sep`;

/** The SEP form of a booking: asks VClaim for the participant and the referral each time it opens. */
export function useSepDraft(bookingCode: string) {
  return useQuery({
    queryKey: [...sepKey(bookingCode), 'draft'],
    queryFn: ({ signal }) => apiFetch<SepDraft>(`${sepUrl(bookingCode)}/draft`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The dialog says why there is no form (VClaim not set up, or refusing): not a toast as well.
    meta: { staffOnly: true, inlineErrors: true },
  });
}

/** A booking's issued SEP, for its printout and its change. */
export function useSep(bookingCode: string) {
  return useQuery({
    queryKey: sepKey(bookingCode),
    queryFn: ({ signal }) => apiFetch<Sep>(sepUrl(bookingCode), { signal }),
    meta: { staffOnly: true },
  });
}

/** ICD-10 diagnoses whose code or name contains `q` (3 letters or more), from VClaim's reference. */
export function useDiagnoses(q: string) {
  return useQuery({
    queryKey: ['sep', 'diagnoses', q],
    queryFn: ({ signal }) =>
      apiFetch<Diagnosis[]>(`/api/sep/diagnoses?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.trim().length >= 3,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { staffOnly: true },
  });
}

/** Issue, change or delete: the desk's row follows, and the SEP as VClaim now holds it is kept. */
function useSepMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      const bookingCode = (variables as { bookingCode: string }).bookingCode;
      if (result && typeof result === 'object' && 'basis' in result) {
        queryClient.setQueryData(sepKey(bookingCode), result);
      } else queryClient.removeQueries({ queryKey: sepKey(bookingCode) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueDeskKey }),
  });
}

export function useIssueSep() {
  return useSepMutation(({ bookingCode, input }: { bookingCode: string; input: SepInput }) =>
    apiSend<Sep>('POST', sepUrl(bookingCode), input),
  );
}

export function useUpdateSep() {
  return useSepMutation(({ bookingCode, input }: { bookingCode: string; input: SepInput }) =>
    apiSend<Sep>('PUT', sepUrl(bookingCode), input),
  );
}

export function useDeleteSep() {
  return useSepMutation(({ bookingCode, reason }: { bookingCode: string; reason: string }) =>
    apiSend<{ number: string }>('DELETE', sepUrl(bookingCode), { reason }),
  );
}
