import type { ReferenceEntry, ReferenceInput, ReferenceKind, ReferenceRename } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';

// The code lists of patient groups, units, ranks and companies: the patient form's choices, kept by admins.
const referencesKey = ['reference-codes'] as const;

/** One list by code; retired codes too when `includeRetired` (the admins' screen). */
export function useReferenceCodes(kind: ReferenceKind, includeRetired = false) {
  const params = new URLSearchParams({ kind, ...(includeRetired ? { includeRetired: 'true' } : {}) });
  return useQuery({
    queryKey: [...referencesKey, kind, includeRetired],
    queryFn: ({ signal }) => apiFetch<ReferenceEntry[]>(`/api/reference-codes?${params}`, { signal }),
    meta: { staffOnly: true },
  });
}

export function useAddReference() {
  return useRefreshingMutation(
    (input: ReferenceInput) => apiPost<ReferenceEntry>('/api/reference-codes', input),
    [referencesKey],
  );
}

export function useRenameReference() {
  return useRefreshingMutation(
    ({ id, input }: { id: number; input: ReferenceRename }) =>
      apiSend<ReferenceEntry>('PUT', `/api/reference-codes/${id}`, input),
    [referencesKey],
  );
}

/** Retires a code from a closed confirmation: a refusal goes to the error toast. */
export function useRetireReference() {
  return useRefreshingMutation(
    (id: number) => apiFetch<void>(`/api/reference-codes/${id}`, { method: 'DELETE' }),
    [referencesKey],
    { inlineErrors: false },
  );
}
