import type {
  AmbulanceOrderRequest,
  DeskOrderDetail,
  DeskOrderPage,
  HearseOrderRequest,
  OrderAssignment,
  OrderStatusChange,
  PublicOrder,
} from '@portal/contract';
import type { OrderKind, OrderStatus } from '@portal/contract/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

const publicOrderKey = ['orders', 'public'] as const;
const deskOrdersKey = ['orders', 'desk'] as const;

/** How often the status page asks again, so that the requester sees the desk's changes. */
export const ORDER_REFETCH_MS = 15_000;

export type OrderRequest =
  ({ kind: 'ambulance' } & AmbulanceOrderRequest) | ({ kind: 'hearse' } & HearseOrderRequest);

export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ kind, ...body }: OrderRequest) =>
      apiPost<PublicOrder>(kind === 'ambulance' ? '/api/ambulance-orders' : '/api/hearse-orders', body),
    meta: { inlineErrors: true },
  });
}

/** The status page of one order; asked only with both a code and a phone. */
export function useOrderStatus(code: string, phone: string) {
  return useQuery({
    queryKey: [...publicOrderKey, code, phone],
    queryFn: ({ signal }) =>
      apiFetch<PublicOrder>(`/api/orders/${encodeURIComponent(code)}?${new URLSearchParams({ phone })}`, {
        signal,
      }),
    enabled: code !== '' && phone !== '',
    staleTime: 0,
    refetchInterval: ORDER_REFETCH_MS,
    meta: { inlineErrors: true },
  });
}

export interface DeskOrderFilter {
  kind: OrderKind | null;
  status: OrderStatus | null;
  from: string | null;
  to: string | null;
  page: number;
  pageSize: number;
}

export function useDeskOrders(filter: DeskOrderFilter) {
  const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  for (const name of ['kind', 'status', 'from', 'to'] as const) {
    const value = filter[name];
    if (value) search.set(name, value);
  }
  return useQuery({
    queryKey: [...deskOrdersKey, 'list', filter],
    queryFn: ({ signal }) => apiFetch<DeskOrderPage>(`/api/desk/orders?${search}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_REFETCH_MS,
    meta: { staffOnly: true },
  });
}

export function useDeskOrder(id: number | null) {
  return useQuery({
    queryKey: [...deskOrdersKey, 'detail', id],
    queryFn: ({ signal }) => apiFetch<DeskOrderDetail>(`/api/desk/orders/${id}`, { signal }),
    enabled: id !== null,
    meta: { staffOnly: true },
  });
}

function useDeskOrderMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<DeskOrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => queryClient.setQueryData([...deskOrdersKey, 'detail', order.id], order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskOrdersKey }),
    meta: { inlineErrors: true },
  });
}

export function useChangeOrderStatus(id: number) {
  return useDeskOrderMutation((change: OrderStatusChange) =>
    apiPost<DeskOrderDetail>(`/api/desk/orders/${id}/status`, change),
  );
}

export function useAssignOrder(id: number) {
  return useDeskOrderMutation((assignment: OrderAssignment) =>
    apiPost<DeskOrderDetail>(`/api/desk/orders/${id}/assignment`, assignment),
  );
}
