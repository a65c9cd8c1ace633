import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { isNavItemActive, navigationFor, type NavItem } from '../../lib/navigation';
import { Tooltip } from '../../ui';
import { ShellLogo } from './ShellLogo';
import { UserMenu } from './UserMenu';

interface RailLinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  item: NavItem;
  active: boolean;
}

/** An icon link whose accessible name is the navigation title (Tooltip passes its trigger props through). */
const RailLink = forwardRef<HTMLAnchorElement, RailLinkProps>(function RailLink(
  { item, active, className, ...rest },
  ref,
) {
  return (
    <Link
      ref={ref}
      to={item.path}
      aria-label={item.title}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'relative grid size-10 place-items-center rounded-card transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        active
          ? 'bg-accent-soft text-accent-soft-fg'
          : 'text-muted hover:bg-surface-2 hover:text-fg',
        className,
      )}
      {...rest}
    >
      {active ? (
        <span
          aria-hidden
          className="absolute top-2 bottom-2 -left-3 w-0.5 rounded-full bg-accent"
        />
      ) : null}
      <item.icon className="size-[18px]" strokeWidth={active ? 2.25 : 2} aria-hidden />
    </Link>
  );
});

/** Wide screens (≥1024 px): narrow icon rail with tooltips and the user menu at its foot. */
export function NavRail({ user }: { user: SessionUser }) {
  const nav = navigationFor(user);
  const { pathname } = useLocation();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-16 flex-col items-center border-r border-border bg-surface py-3 lg:flex">
      <ShellLogo user={user} />
      <nav aria-label="Main navigation" className="mt-6 flex flex-1 flex-col items-center gap-1">
        {nav.map((item) => (
          <Tooltip key={item.path} label={item.title} side="right">
            <RailLink item={item} active={isNavItemActive(item.path, pathname)} />
          </Tooltip>
        ))}
      </nav>
      <UserMenu user={user} variant="rail" />
    </aside>
  );
}
