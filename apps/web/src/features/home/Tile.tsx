import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useAuth } from '../../lib/auth-store';
import { isReachable } from '../../lib/navigation';
import { Card, Skeleton } from '../../ui';

/** A titled tile whose title links to the full list, when the user's menu lets them open it. */
export function Tile({
  title,
  to,
  linkLabel,
  testId,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const reachable = user !== null && isReachable(to.split('?')[0] ?? to, user);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4" data-testid={testId}>
      <header className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-fg">{title}</h2>
        {reachable ? (
          <Link
            to={to}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
          >
            {linkLabel}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        ) : null}
      </header>
      {children}
    </Card>
  );
}

export function TileSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}
