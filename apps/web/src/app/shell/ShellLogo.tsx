import { Link } from 'react-router';
import { POSITIONS, type SessionUser } from '@parley/contracts';
import { APP_CONFIG } from '../../lib/config';
import { cn } from '../../lib/cn';
import { navigationFor } from '../../lib/navigation';
import { LogoMark, SalesLogoMark } from '../../ui';

function isSales(user: SessionUser): boolean {
  return (
    user.position === POSITIONS.salesManager ||
    user.position === POSITIONS.salesRep ||
    user.role === 'salesManager' ||
    user.role === 'salesRep'
  );
}

/** Organisation logo if any, else the sales logo for sales positions, else the default dark logo. */
interface ShellLogoProps {
  user: SessionUser;
  className?: string;
  onNavigate?: () => void;
}

export function ShellLogo({ user, className, onNavigate }: ShellLogoProps) {
  const orgLogo = user.organization.organizationProfileUrl;
  const home = navigationFor(user)[0]?.path ?? '/';
  return (
    <Link
      to={home}
      onClick={onNavigate}
      aria-label={`${APP_CONFIG.productName} home`}
      className={cn(
        'inline-flex rounded-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {orgLogo ? (
        <img src={orgLogo} alt="" className="size-8 rounded-card bg-surface object-contain" />
      ) : isSales(user) ? (
        <SalesLogoMark />
      ) : (
        <LogoMark />
      )}
    </Link>
  );
}
