import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { SessionUser } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { isNavItemActive, navigationFor, type NavItem } from '../../lib/navigation';
import { Tooltip } from '../../ui';
import { setNavCollapsed, useNavCollapsed } from './nav-collapsed';
import { ShellLogo } from './ShellLogo';
import { UserMenu } from './UserMenu';

interface RailLinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  item: NavItem;
  active: boolean;
  /** Icon and title side by side; else the icon alone, named by aria-label and a tooltip. */
  labelled: boolean;
}

/** A navigation link: icon and title, or the icon alone (Tooltip passes its trigger props through). */
const RailLink = forwardRef<HTMLAnchorElement, RailLinkProps>(function RailLink(
  { item, active, labelled, className, ...rest },
  ref,
) {
  return (
    <Link
      ref={ref}
      to={item.path}
      aria-label={labelled ? undefined : item.title}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'relative flex items-center rounded-card transition-colors',
        labelled ? 'min-h-10 w-full gap-3 px-3 py-2 text-sm font-medium' : 'size-10 justify-center',
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
      <item.icon className="size-[18px] shrink-0" strokeWidth={active ? 2.25 : 2} aria-hidden />
      {/* Long titles (Organization Management) wrap rather than lose their end to an ellipsis. */}
      {labelled ? <span className="min-w-0 leading-tight">{item.title}</span> : null}
    </Link>
  );
});

/** The rail's width on wide screens, for the page beside it. */
export const railWidthClass = (collapsed: boolean) => (collapsed ? 'lg:pl-16' : 'lg:pl-60');

/**
 * Wide screens (≥1024 px): the navigation with its titles (a rail of icons with tooltips when
 * collapsed, the choice remembered) and the user menu at its foot.
 */
export function NavRail({ user }: { user: SessionUser }) {
  const nav = navigationFor(user);
  const { pathname } = useLocation();
  const collapsed = useNavCollapsed();
  const Toggle = collapsed ? PanelLeftOpen : PanelLeftClose;
  const toggleLabel = collapsed ? 'Show navigation labels' : 'Hide navigation labels';
  return (
    <aside
      className={cn(
        'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-border bg-surface py-3 lg:flex',
        collapsed ? 'w-16 items-center' : 'w-60 items-stretch px-3',
      )}
    >
      <div className={cn(!collapsed && 'px-1')}>
        <ShellLogo user={user} />
      </div>
      <nav
        aria-label="Main navigation"
        className={cn('mt-6 flex flex-1 flex-col gap-1', collapsed && 'items-center')}
      >
        {nav.map((item) => {
          const link = (
            <RailLink
              key={item.path}
              item={item}
              active={isNavItemActive(item.path, pathname)}
              labelled={!collapsed}
            />
          );
          return collapsed ? (
            <Tooltip key={item.path} label={item.title} side="right">
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </nav>
      <div className={cn('flex flex-col gap-2', collapsed ? 'items-center' : 'items-start')}>
        <Tooltip label={toggleLabel} side="right">
          <button
            type="button"
            onClick={() => setNavCollapsed(!collapsed)}
            aria-label={toggleLabel}
            aria-pressed={collapsed}
            className="grid size-10 place-items-center rounded-card text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Toggle className="size-[18px]" aria-hidden />
          </button>
        </Tooltip>
        <UserMenu user={user} variant="rail" />
      </div>
    </aside>
  );
}
