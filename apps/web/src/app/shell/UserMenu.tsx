import { DropdownMenu } from 'radix-ui';
import { useNavigate, Link } from 'react-router';
import { Check, ChevronsUpDown, CircleQuestionMark, Gauge, LogOut, UserRound } from 'lucide-react';
import type { SessionUser } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { fullName } from '../../lib/format';
import { profilePathFor } from '../../lib/navigation';
import { signOut } from '../../lib/session';
import { THEME_CHOICES, useTheme, type ThemeChoice } from '../../lib/theme';
import { ABOUT_ANALYSIS_PATH } from '../../features/accuracy';
import { THEME_LABEL, useChooseTheme } from '../../features/profile';
import { Avatar } from '../../ui';

const itemClass = cn(
  'flex h-8 cursor-default select-none items-center gap-2.5 rounded-control px-2 text-sm text-fg outline-none',
  'data-[highlighted]:bg-surface-2 [&_svg]:size-4 [&_svg]:text-muted',
);

interface UserMenuProps {
  user: SessionUser;
  /** rail: avatar only (wide shell); row: avatar, name and email (slide-out menu); compact: avatar (top bar). */
  variant: 'rail' | 'row' | 'compact';
}

/** Spec 1 §2 user menu: identity, profile link, theme choice, 'Log out'. */
export function UserMenu({ user, variant }: UserMenuProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const chooseTheme = useChooseTheme();
  const name = fullName(user) || user.email;

  const logOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className={cn(
          'rounded-card outline-none transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          variant === 'row'
            ? 'flex w-full items-center gap-3 p-2 text-left hover:bg-surface-2 data-[state=open]:bg-surface-2'
            : 'grid size-10 place-items-center hover:bg-surface-2 data-[state=open]:bg-surface-2',
        )}
      >
        <Avatar
          firstName={user.firstName}
          lastName={user.lastName}
          imageUrl={user.profileImageUrl}
        />
        {variant === 'row' ? (
          <>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm font-medium text-fg">{name}</span>
              <span className="truncate text-xs text-muted">{user.email}</span>
            </span>
            <ChevronsUpDown className="size-4 text-subtle" aria-hidden />
          </>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={variant === 'rail' ? 'right' : variant === 'row' ? 'top' : 'bottom'}
          align={variant === 'compact' ? 'end' : 'start'}
          sideOffset={8}
          collisionPadding={8}
          className="animate-pop-in z-50 w-64 rounded-card border border-border bg-raised p-1 shadow-lg"
        >
          <div className="flex items-center gap-3 px-2 py-2.5">
            <Avatar
              size="lg"
              firstName={user.firstName}
              lastName={user.lastName}
              imageUrl={user.profileImageUrl}
            />
            <div className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium text-fg" data-testid="user-menu-name">
                {name}
              </span>
              <span className="truncate text-xs text-muted" data-testid="user-menu-email">
                {user.email}
              </span>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={profilePathFor(user)}>
              <UserRound aria-hidden />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/help">
              <CircleQuestionMark aria-hidden />
              Help
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={ABOUT_ANALYSIS_PATH}>
              <Gauge aria-hidden />
              About the analysis
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-subtle">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(v) => chooseTheme(v as ThemeChoice)}
          >
            {THEME_CHOICES.map((choice) => {
              const { label, icon: Icon } = THEME_LABEL[choice];
              return (
                <DropdownMenu.RadioItem key={choice} value={choice} className={itemClass}>
                  <Icon aria-hidden />
                  <span className="flex-1">{label}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="!text-accent-text" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logOut()}>
            <LogOut aria-hidden />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
