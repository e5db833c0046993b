import { useEffect, useState } from 'react';
import { SEARCH_DELAY_MS } from './useUrlSearch';

/** `value` once it has stopped changing for `delay` ms: a search asks the server after the typing pauses. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
