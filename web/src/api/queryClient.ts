import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** @param onError shows a failed query to the user; nothing fails silently. */
export function createQueryClient(onError: (error: Error) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
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
}
