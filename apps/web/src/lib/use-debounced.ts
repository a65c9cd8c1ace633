import { useEffect, useState } from 'react';

/** Spec 2 §9: search inputs are debounced by 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
