import { MutationCache, QueryCache, QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { forgetSession, recheckSession, trackCsrfToken } from './session';
import { useMutation } from './useMutation';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Holds data only staff may see: dropped on logout. */
      staffOnly?: boolean;
      /** The screen shows this query's errors itself (a status page's "not found"): no toast. */
      inlineErrors?: boolean;
    };
    mutationMeta: {
      /** The screen shows this mutation's errors itself (next to a field, in a prompt): no toast. */
      inlineErrors?: boolean;
    };
  }
}

const mustChangePassword = (error: Error) =>
  error instanceof ApiError && error.code === 'PASSWORD_CHANGE_REQUIRED';

/** @param onError shows a failed query or mutation to the user; nothing fails silently. */
export function createQueryClient(onError: (error: Error) => void): QueryClient {
  const queryCache = new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.inlineErrors) onError(error);
      // Staff data refused as anonymous: the session has ended on the server (expired, ended by an admin).
      if (query.meta?.staffOnly && error instanceof ApiError && error.status === 401)
        forgetSession(queryClient, { ended: true });
      if (mustChangePassword(error)) recheckSession(queryClient);
    },
  });
  trackCsrfToken(queryCache);
  const queryClient = new QueryClient({
    queryCache,
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.inlineErrors) onError(error);
        // A staff change refused for want of a session (not a wrong password at login): it has ended.
        if (error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED')
          forgetSession(queryClient, { ended: true });
        if (mustChangePassword(error)) recheckSession(queryClient);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying cannot fix a request the server rejected (4xx); an outage or a dropped connection might pass.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}

/**
 * A change after which, whether it succeeded or was refused, the lists under `keys` are read again (a
 * refusal often means somebody else changed them). Its errors are the screen's to show (`inlineErrors`,
 * next to a field or in a prompt) unless told otherwise.
 */
export function useRefreshingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  keys: readonly QueryKey[],
  { inlineErrors = true }: { inlineErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: { inlineErrors },
  });
}
