import type { OwnPasswordChange, StaffCreate, StaffMember, StaffPage, StaffUpdate } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';
import { passwordChanged } from './session';

const staffKey = ['staff'] as const;
// Who may take over a duty post follows from the staff records.
const dutyCandidatesKey = ['duty', 'candidates'] as const;

export interface StaffFilter {
  q: string;
  active: 'true' | 'false' | null;
  page: number;
  pageSize: number;
}

/** Staff by name, a page at a time (admin). */
export function useStaffList(filter: StaffFilter) {
  const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.q) search.set('q', filter.q);
  if (filter.active) search.set('active', filter.active);
  return useQuery({
    queryKey: [...staffKey, 'list', filter],
    queryFn: ({ signal }) => apiFetch<StaffPage>(`/api/staff?${search}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

function useStaffMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options?: { inlineErrors?: boolean },
) {
  return useRefreshingMutation(mutationFn, [staffKey, dutyCandidatesKey], options);
}

/** Adds (id null) or replaces a staff record. */
export function useSaveStaff({ inlineErrors = true } = {}) {
  return useStaffMutation(
    (request: { id: null; input: StaffCreate } | { id: number; input: StaffUpdate }) =>
      request.id === null
        ? apiPost<StaffMember>('/api/staff', request.input)
        : apiSend<StaffMember>('PUT', `/api/staff/${request.id}`, request.input),
    { inlineErrors },
  );
}

export function useResetStaffPassword() {
  return useStaffMutation(({ id, password }: { id: number; password: string }) =>
    apiPost<void>(`/api/staff/${id}/password`, { password }),
  );
}

/** The logged-in staff member's own password; a wrong current one is a 400 next to its field. */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OwnPasswordChange) => apiPost<void>('/api/auth/password', change),
    onSuccess: () => passwordChanged(queryClient),
    meta: { inlineErrors: true },
  });
}
