import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** After the reader scrolls by hand, playback leaves the view alone for this long. */
export const USER_SCROLL_PAUSE_MS = 5000;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls `el` into the middle of `container` without moving the page around it. */
export function scrollWithin(container: HTMLElement, el: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top >= box.top && r.bottom <= box.bottom) return;
  const top = container.scrollTop + (r.top - box.top) - (box.height - r.height) / 2;
  container.scrollTo?.({
    top: Math.max(0, top),
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
}

/**
 * Keeps the dialogue being spoken in view (spec 2 §2: isScrolled), but only while the reader
 * is not scrolling on their own: wheel, touch and scrolling keys pause it for a few seconds.
 * Programmatic scrolls fire none of those events, so they never count as the reader's.
 */
export function useFollowScroll(
  container: RefObject<HTMLElement | null>,
  target: string | null,
  enabled: boolean,
) {
  const userAt = useRef(0);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const mark = () => {
      userAt.current = Date.now();
    };
    const onKey = (e: KeyboardEvent) => {
      if (['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown'].includes(e.key)) mark();
    };
    el.addEventListener('wheel', mark, { passive: true });
    el.addEventListener('touchmove', mark, { passive: true });
    el.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('wheel', mark);
      el.removeEventListener('touchmove', mark);
      el.removeEventListener('keydown', onKey);
    };
  }, [container]);

  useEffect(() => {
    if (!enabled || !target) return;
    if (Date.now() - userAt.current < USER_SCROLL_PAUSE_MS) return;
    const box = container.current;
    const el = box?.querySelector<HTMLElement>(`[data-block="${target}"]`);
    if (box && el) scrollWithin(box, el);
  }, [container, target, enabled]);

  /** The reader chose a place (clicked a word): follow again from there. */
  const resume = useCallback(() => {
    userAt.current = 0;
  }, []);
  return { resume };
}
