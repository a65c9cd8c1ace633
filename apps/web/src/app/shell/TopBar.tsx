import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import type { SessionUser } from '@parley/contracts';
import { APP_CONFIG } from '../../lib/config';
import { cn } from '../../lib/cn';
import { isNavItemActive, navigationFor } from '../../lib/navigation';
import { Button } from '../../ui';
import { ShellBar } from './ShellBar';
import { ShellLogo } from './ShellLogo';
import { UserMenu } from './UserMenu';

/** Narrow screens (<1024 px): a top bar with a slide-out menu of the same navigation and the user menu. */
export function TopBar({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const nav = navigationFor(user);
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/90 px-3 backdrop-blur lg:hidden">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden />
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-overlay" />
          <Dialog.Content
            aria-describedby={undefined}
            className="animate-drawer-in fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-raised shadow-lg outline-none"
          >
            <div className="flex h-14 items-center justify-between border-b border-border px-3">
              <div className="flex items-center gap-2.5">
                <ShellLogo user={user} onNavigate={() => setOpen(false)} />
                <Dialog.Title className="text-base font-semibold tracking-tight text-fg">
                  {APP_CONFIG.productName}
                </Dialog.Title>
              </div>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close menu">
                  <X aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
            <nav
              aria-label="Main navigation"
              className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-2"
            >
              {nav.map((item) => (
                <Link
                  key={item.path}
                  to={item.path}
                  onClick={() => setOpen(false)}
                  aria-current={isNavItemActive(item.path, pathname) ? 'page' : undefined}
                  className={cn(
                    'flex h-10 items-center gap-3 rounded-card px-3 text-sm font-medium transition-colors',
                    isNavItemActive(item.path, pathname)
                      ? 'bg-accent-soft text-accent-soft-fg'
                      : 'text-muted hover:bg-surface-2 hover:text-fg',
                  )}
                >
                  <item.icon className="size-[18px]" aria-hidden />
                  {item.title}
                </Link>
              ))}
            </nav>
            <div className="border-t border-border p-2">
              <UserMenu user={user} variant="row" />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <ShellBar user={user} />
    </header>
  );
}
