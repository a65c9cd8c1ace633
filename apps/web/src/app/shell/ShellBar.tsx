import type { SessionUser } from '@parley/contracts';
import { APP_CONFIG } from '../../lib/config';
import { ShellLogo } from './ShellLogo';
import { UserMenu } from './UserMenu';

/** Logo and product name, the user menu at the far end: the slim bars of the shells. */
export function ShellBar({ user }: { user: SessionUser }) {
  return (
    <>
      <ShellLogo user={user} />
      <span className="text-base font-semibold tracking-tight text-fg">
        {APP_CONFIG.productName}
      </span>
      <div className="ml-auto">
        <UserMenu user={user} variant="compact" />
      </div>
    </>
  );
}
