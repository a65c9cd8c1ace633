import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

/** Spec 1 §9: six images, changing every 3 seconds. */
export const SLIDES = [1, 2, 3, 4, 5, 6].map((n) => `/auth/slide-${n}.svg`);
export const SLIDE_INTERVAL_MS = 3000;

/** Decorative rotating illustrations; still when the user prefers reduced motion. */
export function Slideshow({ className }: { className?: string }) {
  const [index, setIndex] = useState(0);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    if (reduced) return;
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % SLIDES.length),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [reduced]);

  return (
    <div className={cn('flex flex-col items-center gap-4', className)} aria-hidden>
      <div className="relative aspect-[4/3] w-full">
        {SLIDES.map((src, i) => (
          <img
            key={src}
            src={src}
            alt=""
            draggable={false}
            data-active={i === index}
            className={cn(
              'absolute inset-0 size-full object-contain transition-opacity duration-700 ease-out',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </div>
      <div className="flex gap-1.5">
        {SLIDES.map((src, i) => (
          <span
            key={src}
            className={cn(
              'h-1 rounded-full transition-all duration-300',
              i === index ? 'w-5 bg-white' : 'w-1.5 bg-white/30',
            )}
          />
        ))}
      </div>
    </div>
  );
}
