import type {
  AdminRoom,
  AplicaresResync,
  CapacityChange,
  RoomCreate,
  RoomEdit,
  RoomHistoryEntry,
  RoomList,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { bedsQueryKey } from './beds';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';
import { wardKey } from './ward';

// The rooms of the ward desk. Under the ward's key, so that an admission, a transfer or a discharge reads the
// rooms' beds again too.
const roomsKey = [...wardKey, 'rooms'] as const;

/** While a report to BPJS Aplicares waits, how it went is asked again this often. */
const REPORT_POLL_MS = 3000;

/** The rooms with their beds, BPJS codes and last report to Aplicares. */
export function useRooms() {
  return useQuery({
    queryKey: roomsKey,
    queryFn: ({ signal }) => apiFetch<RoomList>('/api/rooms', { signal }),
    refetchInterval: (query) =>
      query.state.data?.rooms.some((room) => room.aplicares?.status === 'pending') ? REPORT_POLL_MS : false,
    meta: { staffOnly: true },
  });
}

export function useRoomHistory(id: number | null) {
  return useQuery({
    queryKey: [...roomsKey, 'history', id],
    queryFn: ({ signal }) => apiFetch<RoomHistoryEntry[]>(`/api/rooms/${id}/history`, { signal }),
    enabled: id !== null,
    meta: { staffOnly: true },
  });
}

/** After a change of a room the desk's lists (room names, beds) and the bed board are read again. */
function useRoomMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options?: { inlineErrors?: boolean },
) {
  return useRefreshingMutation(mutationFn, [wardKey, bedsQueryKey], options);
}

/** Adds a room (id null) or changes its name, class, sex and BPJS room code. */
export function useSaveRoom() {
  return useRoomMutation((request: { id: null; input: RoomCreate } | { id: number; input: RoomEdit }) =>
    request.id === null
      ? apiPost<AdminRoom>('/api/rooms', request.input)
      : apiSend<AdminRoom>('PUT', `/api/rooms/${request.id}`, request.input),
  );
}

export function useChangeCapacity() {
  return useRoomMutation(({ id, input }: { id: number; input: CapacityChange }) =>
    apiPost<AdminRoom>(`/api/rooms/${id}/capacity`, input),
  );
}

export function useRetireRoom() {
  // Asked from a confirmation that has closed by then: a refusal goes to the error toast.
  return useRoomMutation((id: number) => apiFetch<void>(`/api/rooms/${id}`, { method: 'DELETE' }), {
    inlineErrors: false,
  });
}

export function useResyncAplicares() {
  return useRoomMutation(() => apiPost<AplicaresResync>('/api/rooms/aplicares/resync'), {
    inlineErrors: false,
  });
}
