import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';

export const Tabs = RadixTabs.Root;

/** Spec 2 §9: one press of a tab-bar arrow scrolls this far. */
export const TAB_SCROLL_STEP_PX = 200;

/** An arrow at one end of the tab bar (hidden from assistive technology, see TabsList). */
function ScrollArrow({ side, onClick }: { side: 'left' | 'right'; onClick(): void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      data-testid={`tabs-scroll-${side}`}
      onClick={onClick}
      className={cn(
        'absolute top-0 z-10 grid h-10 w-7 place-items-center bg-surface text-muted hover:text-fg',
        side === 'left' ? 'left-0 border-r border-border' : 'right-0 border-l border-border',
      )}
    >
      <Icon className="size-4" />
    </button>
  );
}

/**
 * The tab bar. When its tabs do not fit, arrows at its ends scroll it by 200 px (spec 2 §2);
 * they are hidden from assistive technology, whose users move between tabs with the arrow keys.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setEdges({
      left: el.scrollLeft > 1,
      right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
    });
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);
  const scroll = (dx: number) => ref.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return (
    <div className="relative">
      {edges.left ? <ScrollArrow side="left" onClick={() => scroll(-TAB_SCROLL_STEP_PX)} /> : null}
      <RadixTabs.List
        ref={ref}
        className={cn(
          'flex items-center gap-1 overflow-x-auto border-b border-border [scrollbar-width:none]',
          className,
        )}
        {...props}
      />
      {edges.right ? <ScrollArrow side="right" onClick={() => scroll(TAB_SCROLL_STEP_PX)} /> : null}
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'relative -mb-px flex h-10 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium text-muted transition-colors',
        'hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        'data-[state=active]:border-accent data-[state=active]:text-fg',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      className={cn(
        'min-h-0 flex-1 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}
