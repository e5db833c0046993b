import type {
  AmbulanceTariff,
  AmbulanceTariffHistoryEntry,
  AmbulanceTariffImportMode,
  AmbulanceTariffImportResult,
  TariffImportResult,
  AmbulanceTariffInput,
  TariffBook,
  TariffItem,
  TariffItemPage,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { useMutation } from './useMutation';

const tariffBooksKey = ['tariff-books'] as const;
const ambulanceTariffsKey = ['ambulance-tariffs'] as const;

export function useAmbulanceTariffs(q: string) {
  const search = q ? `?${new URLSearchParams({ q })}` : '';
  return useQuery({
    queryKey: [...ambulanceTariffsKey, q],
    queryFn: ({ signal }) => apiFetch<AmbulanceTariff[]>(`/api/ambulance-tariffs${search}`, { signal }),
    // The table keeps its rows while the next search runs, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useTariffBooks() {
  return useQuery({
    queryKey: tariffBooksKey,
    queryFn: ({ signal }) => apiFetch<TariffBook[]>('/api/tariff-books', { signal }),
  });
}

export interface TariffItemQuery {
  q: string;
  /** Care class; empty for all. */
  class: string;
  page: number;
  pageSize: number;
}

export function useTariffItems(bookId: number | null, query: TariffItemQuery) {
  const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) search.set('q', query.q);
  if (query.class) search.set('class', query.class);
  return useQuery({
    queryKey: [...tariffBooksKey, bookId, 'items', query],
    queryFn: ({ signal }) =>
      apiFetch<TariffItemPage>(`/api/tariff-books/${bookId}/items?${search}`, { signal }),
    enabled: bookId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * After every change of a book or its items, the books and all item pages are read again (of an ambulance
 * tariff: the ambulance tariffs and their histories). Forms show their errors next to their fields
 * (`inlineErrors`); a refused deletion, asked from a closed confirmation, is a toast.
 */
function useTariffMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { inlineErrors = true, queryKey = tariffBooksKey as readonly string[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    meta: { inlineErrors },
  });
}

export function useCreateTariffBook() {
  return useTariffMutation((book: { code: string; name: string }) =>
    apiPost<TariffBook>('/api/tariff-books', book),
  );
}

export function useRenameTariffBook(bookId: number) {
  return useTariffMutation((change: { name: string }) =>
    apiSend<TariffBook>('PATCH', `/api/tariff-books/${bookId}`, change),
  );
}

export function useDeleteTariffBook() {
  return useTariffMutation(
    (bookId: number) => apiFetch<void>(`/api/tariff-books/${bookId}`, { method: 'DELETE' }),
    { inlineErrors: false },
  );
}

export type TariffItemInput = Omit<TariffItem, 'id'>;

export function useSaveTariffItem(bookId: number) {
  return useTariffMutation(({ id, ...item }: TariffItemInput & { id: number | null }) =>
    id === null
      ? apiPost<TariffItem>(`/api/tariff-books/${bookId}/items`, item)
      : apiSend<TariffItem>('PATCH', `/api/tariff-books/${bookId}/items/${id}`, item),
  );
}

export function useDeleteTariffItem(bookId: number) {
  return useTariffMutation(
    (itemId: number) => apiFetch<void>(`/api/tariff-books/${bookId}/items/${itemId}`, { method: 'DELETE' }),
    { inlineErrors: false },
  );
}

export type ImportMode = 'replace' | 'append';

/** Sends a CSV file's text as it is; the server parses it and imports all rows or none. */
export function useImportTariffCsv(bookId: number) {
  return useTariffMutation(({ csv, mode }: { csv: string; mode: ImportMode }) =>
    apiFetch<TariffImportResult>(`/api/tariff-books/${bookId}/import?mode=${mode}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: csv,
    }),
  );
}

/** The changes of one ambulance tariff, newest first (admins). */
export function useAmbulanceTariffHistory(id: number) {
  return useQuery({
    queryKey: [...ambulanceTariffsKey, id, 'history'],
    queryFn: ({ signal }) =>
      apiFetch<AmbulanceTariffHistoryEntry[]>(`/api/ambulance-tariffs/${id}/history`, { signal }),
    meta: { staffOnly: true },
  });
}

export function useSaveAmbulanceTariff() {
  return useTariffMutation(
    ({ id, ...tariff }: AmbulanceTariffInput & { id: number | null }) =>
      id === null
        ? apiPost<AmbulanceTariff>('/api/ambulance-tariffs', tariff)
        : apiSend<AmbulanceTariff>('PUT', `/api/ambulance-tariffs/${id}`, tariff),
    { queryKey: ambulanceTariffsKey },
  );
}

export function useRetireAmbulanceTariff() {
  return useTariffMutation(
    (id: number) => apiFetch<void>(`/api/ambulance-tariffs/${id}`, { method: 'DELETE' }),
    { inlineErrors: false, queryKey: ambulanceTariffsKey },
  );
}

/** Sends a CSV file's text as it is, to preview what it would change or to apply it (all rows or none). */
export function useImportAmbulanceTariffs() {
  return useTariffMutation(
    ({ csv, mode }: { csv: string; mode: AmbulanceTariffImportMode }) =>
      apiFetch<AmbulanceTariffImportResult>(`/api/ambulance-tariffs/import?mode=${mode}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: csv,
      }),
    { queryKey: ambulanceTariffsKey },
  );
}
