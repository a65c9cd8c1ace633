import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HoverCard } from 'radix-ui';
import { ArrowUpRight, Lock } from 'lucide-react';
import { isFeatureAvailable, MESSAGES, type FeatureName } from '@parley/contracts';
import { useAuth } from '../lib/auth-store';
import { cn } from '../lib/cn';
import { Badge } from './Badge';

interface FeatureGateProps {
  feature: FeatureName;
  children: ReactNode;
  className?: string;
}

/**
 * Spec 1 §6: shows its children when the user's organisation has the feature; otherwise a
 * blurred, inert copy under a locked overlay with an upgrade prompt linking to /pricing.
 */
export function FeatureGate({ feature, children, className }: FeatureGateProps) {
  const { user } = useAuth();
  if (user && isFeatureAvailable(user, feature)) return <>{children}</>;
  return (
    <LockedOverlay feature={feature} className={className}>
      {children}
    </LockedOverlay>
  );
}

export function LockedOverlay({ feature, children, className }: FeatureGateProps) {
  return (
    <div
      className={cn('relative isolate min-h-52 overflow-hidden rounded-card', className)}
      data-locked-feature={feature}
    >
      <div
        aria-hidden
        inert
        className="pointer-events-none min-h-52 select-none opacity-70 blur-[3px] [&>*]:min-h-52"
      >
        {children}
      </div>
      <div className="absolute inset-0 grid place-items-center bg-bg/40 p-4">
        <div className="flex flex-col items-center gap-2 rounded-card border border-border bg-surface px-5 py-4 text-center shadow-md">
          <HoverCard.Root openDelay={700} closeDelay={300}>
            <HoverCard.Trigger asChild>
              <span
                role="img"
                tabIndex={0}
                className="grid size-8 place-items-center rounded-full bg-surface-2 text-muted"
                aria-label={`No ${feature} available`}
              >
                <Lock className="size-4" aria-hidden />
              </span>
            </HoverCard.Trigger>
            <HoverCard.Portal>
              <HoverCard.Content
                side="top"
                sideOffset={8}
                className="animate-pop-in z-50 w-64 rounded-card border border-border bg-raised p-4 text-sm shadow-lg"
              >
                <p className="font-medium text-fg">No {feature} available</p>
                <p className="mt-1 text-muted">{MESSAGES.notInPlan}</p>
                <Link
                  to="/pricing"
                  className="mt-3 inline-flex items-center gap-1 font-medium text-accent-text hover:underline"
                >
                  Upgrade Plan <ArrowUpRight className="size-3.5" aria-hidden />
                </Link>
              </HoverCard.Content>
            </HoverCard.Portal>
          </HoverCard.Root>
          <p className="text-sm font-medium text-fg">{MESSAGES.notInPlan}</p>
          <Link to="/pricing" className="text-sm font-medium text-accent-text hover:underline">
            Upgrade Plan
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Whether the signed-in user's organisation has each feature (spec 1 §6, as FeatureGate). */
export function useHasFeature(): (feature: FeatureName) => boolean {
  const { user } = useAuth();
  return (feature) => Boolean(user && isFeatureAvailable(user, feature));
}

/**
 * The features a section's plan lacks, in one compact card: a list of locked copies would fill
 * a phone with blurred cards (issue 23), where a line of names and one upgrade link say it all.
 */
export function LockedFeaturesCard({
  features,
  className,
}: {
  features: readonly FeatureName[];
  className?: string;
}) {
  if (features.length === 0) return null;
  return (
    <section
      aria-labelledby="locked-features-title"
      data-testid="locked-features"
      className={cn(
        'flex flex-col gap-3 rounded-card border border-dashed border-border bg-surface p-4',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <span className="grid size-7 place-items-center rounded-full bg-surface-2 text-muted">
          <Lock className="size-3.5" aria-hidden />
        </span>
        <h3 id="locked-features-title" className="text-sm font-semibold text-fg">
          {MESSAGES.notInPlan}
        </h3>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Features not in your plan">
        {features.map((f) => (
          <li key={f} data-locked-feature={f}>
            <Badge>{f}</Badge>
          </li>
        ))}
      </ul>
      <Link
        to="/pricing"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-accent-text hover:underline"
      >
        Upgrade Plan <ArrowUpRight className="size-3.5" aria-hidden />
      </Link>
    </section>
  );
}
