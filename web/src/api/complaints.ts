import type {
  ComplaintAnswerRequest,
  ComplaintCategory,
  complaintCategoryUpdateSchema,
  ComplaintCreated,
  ComplaintRequest,
  DeskComplaintCategory,
  DeskComplaintDetail,
  DeskComplaintPage,
  newComplaintCategorySchema,
  PublicComplaint,
} from '@portal/contract';
import type { ComplaintStatus } from '@portal/contract/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiPost } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';

export type NewComplaintCategory = z.output<typeof newComplaintCategorySchema>;
export type ComplaintCategoryUpdate = z.output<typeof complaintCategoryUpdateSchema>;

const deskComplaintsKey = ['complaints', 'desk'] as const;
const categoriesKey = ['complaints', 'categories'] as const;
const deskCategoriesKey = [...deskComplaintsKey, 'categories'] as const;

export function useComplaintCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => apiFetch<ComplaintCategory[]>('/api/complaint-categories', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCreateComplaint() {
  return useMutation({
    mutationFn: (request: ComplaintRequest) => apiPost<ComplaintCreated>('/api/complaints', request),
    meta: { inlineErrors: true },
  });
}

/** The complaint's status page with the hospital's answers; asked only with both a code and a phone. */
export function useComplaintStatus(code: string, phone: string) {
  return useQuery({
    queryKey: ['complaints', 'public', code, phone],
    queryFn: ({ signal }) =>
      apiFetch<PublicComplaint>(
        `/api/complaints/${encodeURIComponent(code)}?${new URLSearchParams({ phone })}`,
        { signal },
      ),
    enabled: code !== '' && phone !== '',
    staleTime: 0,
    refetchInterval: 30_000,
    meta: { inlineErrors: true },
  });
}

export interface DeskComplaintFilter {
  status: ComplaintStatus | null;
  category: string | null;
  page: number;
  pageSize: number;
}

export function useDeskComplaints(filter: DeskComplaintFilter) {
  const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.status) search.set('status', filter.status);
  if (filter.category) search.set('category', filter.category);
  return useQuery({
    queryKey: [...deskComplaintsKey, 'list', filter],
    queryFn: ({ signal }) => apiFetch<DeskComplaintPage>(`/api/desk/complaints?${search}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

export function useDeskComplaint(id: number | null) {
  return useQuery({
    queryKey: [...deskComplaintsKey, 'detail', id],
    queryFn: ({ signal }) => apiFetch<DeskComplaintDetail>(`/api/desk/complaints/${id}`, { signal }),
    enabled: id !== null,
    meta: { staffOnly: true },
  });
}

function useDeskComplaintMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<DeskComplaintDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (complaint) =>
      queryClient.setQueryData([...deskComplaintsKey, 'detail', complaint.id], complaint),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskComplaintsKey }),
    meta: { inlineErrors: true },
  });
}

export function useAnswerComplaint(id: number) {
  return useDeskComplaintMutation((answer: ComplaintAnswerRequest) =>
    apiPost<DeskComplaintDetail>(`/api/desk/complaints/${id}/responses`, answer),
  );
}

export function useChangeComplaintStatus(id: number) {
  return useDeskComplaintMutation((status: ComplaintStatus) =>
    apiPost<DeskComplaintDetail>(`/api/desk/complaints/${id}/status`, { status }),
  );
}

/** All categories, inactive ones too, as admins keep them. */
export function useDeskComplaintCategories() {
  return useQuery({
    queryKey: deskCategoriesKey,
    queryFn: ({ signal }) => apiFetch<DeskComplaintCategory[]>('/api/desk/complaint-categories', { signal }),
    meta: { staffOnly: true },
  });
}

/**
 * After a category changes, the form's list, the desk's list and the complaints (which show the category's
 * name) are read again.
 */
function useCategoryMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<DeskComplaintCategory>,
  options?: { inlineErrors?: boolean },
) {
  return useRefreshingMutation(mutationFn, [categoriesKey, deskComplaintsKey], options);
}

export function useCreateComplaintCategory() {
  return useCategoryMutation((category: NewComplaintCategory) =>
    apiPost<DeskComplaintCategory>('/api/complaint-categories', category),
  );
}

export interface ComplaintCategoryChange {
  code: string;
  change: ComplaintCategoryUpdate;
}

/** @param inlineErrors false for a change made without a form (the active switch): its errors are a toast. */
export function useUpdateComplaintCategory({ inlineErrors = true } = {}) {
  return useCategoryMutation(
    ({ code, change }: ComplaintCategoryChange) =>
      apiFetch<DeskComplaintCategory>(`/api/complaint-categories/${encodeURIComponent(code)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(change),
      }),
    { inlineErrors },
  );
}
