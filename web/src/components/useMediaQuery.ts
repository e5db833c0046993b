import { useCallback, useSyncExternalStore } from 'react';

/** Wider than 991 px is desktop, as in the legacy portal. */
export const DESKTOP_QUERY = '(min-width: 992px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
