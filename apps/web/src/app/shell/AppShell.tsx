import { Outlet } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { APP_CONFIG } from '../../lib/config';
import { InShellContext } from './in-shell';
import { UserMenu } from './UserMenu';
import { NavRail } from './NavRail';
import { TopBar } from './TopBar';
import { ShellLogo } from './ShellLogo';
import { useAccountTheme } from '../../features/profile';

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[100] rounded-control bg-surface px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

/** The authenticated shell with sidebar: icon rail on wide screens, top bar below 1024 px. */
export function AppShell() {
  const { user } = useAuth();
  useAccountTheme();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-bg">
      <SkipLink />
      <NavRail user={user} />
      <TopBar user={user} />
      <main id="main" tabIndex={-1} className="outline-none lg:pl-16">
        <div className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          <InShellContext.Provider value={true}>
            <Outlet />
          </InShellContext.Provider>
        </div>
      </main>
    </div>
  );
}

/** Shell without sidebar (/pricing, /help): a slim header with the logo and the user menu. */
export function PlainShell() {
  const { user } = useAuth();
  useAccountTheme();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-bg">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-[960px] items-center gap-2.5 px-4 sm:px-6">
          <ShellLogo user={user} />
          <span className="text-base font-semibold tracking-tight text-fg">
            {APP_CONFIG.productName}
          </span>
          <div className="ml-auto">
            <UserMenu user={user} variant="compact" />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <div className="mx-auto w-full max-w-[960px] px-4 py-8 sm:px-6 lg:py-12">
          <InShellContext.Provider value={true}>
            <Outlet />
          </InShellContext.Provider>
        </div>
      </main>
    </div>
  );
}
