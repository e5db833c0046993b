import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * TanStack Query's `useMutation`, whose `mutate` does nothing while its request is in flight: the second click
 * of a double click, or a click before the button has turned busy, sends no second request (which would
 * post an answer twice, or be refused as a conflict while the first one's success went unheard). The web app
 * takes every change through it (eslint forbids the original).
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const mutation = useQueryMutation({
    ...options,
    // The hook's own callbacks run whatever became of the component or of `mutate`'s callbacks.
    onSettled: (...settled) => {
      inFlight.current = false;
      return options.onSettled?.(...settled);
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback<typeof send>(
    (...request) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(...request);
    },
    [send],
  );
  return { ...mutation, mutate };
}
