import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@parley/contracts';
import { useAuth } from '../lib/auth-store';
import { onClientReset, restoreSession } from '../lib/session';
import { toast } from '../lib/toast';
import { PageSpinner } from '../ui';
import { decideRoute, type GuardScope } from './guard';

// The 'No Active Plan' toast shows on each redirect it explains, otherwise once per session.
let noPlanToastShownFor: string | null = null;
onClientReset(() => {
  noPlanToastShownFor = null;
});

/** Applies the route guard (spec 1 §2) to the routes below it. */
export function Protected({ scope, children }: { scope: GuardScope; children?: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    status,
    user,
    scope,
  });
  const userId = user?.id ?? null;

  useEffect(() => {
    if (status === 'idle') void restoreSession();
  }, [status]);

  const toastKind = decision.kind === 'spinner' ? undefined : decision.toast;
  useEffect(() => {
    if (!toastKind || !userId) return;
    if (decision.kind === 'allow' && noPlanToastShownFor === userId) return;
    noPlanToastShownFor = userId;
    toast({ title: MESSAGES.noActivePlan, variant: 'info' });
  }, [location.key, toastKind, userId, decision.kind]);

  if (decision.kind === 'spinner') return <PageSpinner />;
  if (decision.kind === 'redirect') {
    return (
      <Navigate
        to={decision.to}
        replace
        state={decision.from ? { from: decision.from } : undefined}
      />
    );
  }
  return <>{children ?? <Outlet />}</>;
}
