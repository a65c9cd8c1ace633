import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (ms since the epoch), re-rendering each second; 0 once passed. */
export function useSecondsUntil(until: number | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** 75 -> '1:15'. */
export const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
