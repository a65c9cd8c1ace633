import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { SessionUser } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { InShellContext } from './in-shell';
import { useNavCollapsed } from './nav-collapsed';
import { NavRail, railWidthClass } from './NavRail';
import { ShellBar } from './ShellBar';
import { TopBar } from './TopBar';
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

interface ShellFrameProps {
  bars(user: SessionUser): ReactNode;
  mainClassName?: string;
  columnClassName: string;
}

/** What both shells share: the skip link, their bars, and the page in a centred column. */
function ShellFrame(props: ShellFrameProps) {
  const { user } = useAuth();
  useAccountTheme();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-bg">
      <SkipLink />
      {props.bars(user)}
      <main id="main" tabIndex={-1} className={cn('outline-none', props.mainClassName)}>
        <div className={cn('mx-auto w-full px-4 sm:px-6', props.columnClassName)}>
          <InShellContext.Provider value={true}>
            <Outlet />
          </InShellContext.Provider>
        </div>
      </main>
    </div>
  );
}

/** The authenticated shell with sidebar: icon rail on wide screens, top bar below 1024 px. */
export function AppShell() {
  const collapsed = useNavCollapsed();
  return (
    <ShellFrame
      bars={(user) => (
        <>
          <NavRail user={user} />
          <TopBar user={user} />
        </>
      )}
      mainClassName={railWidthClass(collapsed)}
      columnClassName="max-w-[1200px] py-6 lg:px-10 lg:py-10"
    />
  );
}

/** Shell without sidebar (/pricing, /help): a slim header with the logo and the user menu. */
export function PlainShell() {
  return (
    <ShellFrame
      bars={(user) => (
        <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
          <div className="mx-auto flex h-14 w-full max-w-[960px] items-center gap-2.5 px-4 sm:px-6">
            <ShellBar user={user} />
          </div>
        </header>
      )}
      columnClassName="max-w-[960px] py-8 lg:py-12"
    />
  );
}
