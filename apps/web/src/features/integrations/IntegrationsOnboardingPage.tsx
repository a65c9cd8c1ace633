import { Link } from 'react-router';
import { Blocks } from 'lucide-react';
import { buttonClasses, EmptyState } from '../../ui';

/** /integrations: the onboarding step in the auth layout. */
export default function IntegrationsOnboardingPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Connect your tools</h1>
        <p className="text-sm text-muted">
          Bring in recordings from the services your team already uses.
        </p>
      </div>
      <EmptyState
        icon={Blocks}
        title="Nothing to connect yet"
        description="Connecting cloud storage, AI providers, video meetings, CRM and calendars arrives with the Integrations area."
        action={
          <Link to="/configuration" className={buttonClasses('primary')}>
            Continue
          </Link>
        }
      />
    </div>
  );
}
