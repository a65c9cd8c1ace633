import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface MarkProps {
  className?: string;
  /** Accessible name; omit when a visible product name sits next to the mark. */
  title?: string;
}

/** The rounded gradient tile both marks share; `children` draws on top of it. */
function MarkTile({
  className,
  title,
  from,
  to,
  children,
}: MarkProps & { from: string; to: string; children: ReactNode }) {
  const id = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8 shrink-0', className)}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <rect
        x="0.5"
        y="0.5"
        width="31"
        height="31"
        rx="7.5"
        fill="none"
        stroke="white"
        strokeOpacity="0.13"
      />
      {children}
    </svg>
  );
}

/** The default (dark) Parley mark: a deep indigo tile with three voice bars. */
export function LogoMark(props: MarkProps) {
  return (
    <MarkTile {...props} from="#3f3ab8" to="#1e1b4b">
      <rect x="9" y="12.5" width="3" height="7" rx="1.5" fill="white" fillOpacity="0.7" />
      <rect x="14.5" y="8.5" width="3" height="15" rx="1.5" fill="white" />
      <rect x="20" y="11" width="3" height="10" rx="1.5" fill="white" fillOpacity="0.85" />
    </MarkTile>
  );
}

/** The sales variant (sales manager and sales rep positions): rising bars with a trend tick. */
export function SalesLogoMark(props: MarkProps) {
  return (
    <MarkTile {...props} from="#4f46e5" to="#0f766e">
      <rect x="8.5" y="17" width="3" height="6.5" rx="1.5" fill="white" fillOpacity="0.7" />
      <rect x="14.5" y="13" width="3" height="10.5" rx="1.5" fill="white" fillOpacity="0.85" />
      <rect x="20.5" y="9" width="3" height="14.5" rx="1.5" fill="white" />
      <path
        d="M8 12.5 13 8.5l3.5 2.5L23 6.5"
        fill="none"
        stroke="white"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeOpacity="0.55"
      />
    </MarkTile>
  );
}

/** Mark and product name. */
export function Wordmark({
  className,
  inverted = false,
}: {
  className?: string;
  inverted?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-base font-semibold tracking-tight',
          inverted ? 'text-white' : 'text-fg',
        )}
      >
        Parley
      </span>
    </span>
  );
}
