import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SessionWatcher } from './SessionWatcher';

/** Thin accent bar while a lazy page loads. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[90] h-0.5 overflow-hidden"
      role="progressbar"
      aria-label="Loading page"
    >
      <div className="h-full w-1/3 animate-pulse bg-accent" />
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <SessionWatcher />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
