import { Link } from 'react-router';
import { ArrowUpRight, Briefcase } from 'lucide-react';
import { SALES_MESSAGES, type Meeting } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { useDeal, useLinkDeal, useSalesFeature } from './api';
import { DealPicker } from './DealPicker';

/**
 * The meeting page's deal: which deal the call is about, chosen with a picker by whoever may
 * change the meeting (PUT meeting/:id/deal), a link to the deal for everyone who may read deals.
 * Only with Sales Intelligence.
 */
export function MeetingDealField({ meeting, canChange }: { meeting: Meeting; canChange: boolean }) {
  const hasFeature = useSalesFeature();
  const canRead = useCan('sales.read');
  const deal = useDeal(hasFeature && canRead ? (meeting.dealId ?? undefined) : undefined);
  const link = useLinkDeal();
  if (!hasFeature || !canRead) return null;
  const current = meeting.dealId
    ? { id: meeting.dealId, name: deal.data?.name ?? (deal.isLoading ? 'Loading…' : 'Deal') }
    : null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card border border-border bg-surface px-3 py-2 shadow-sm"
      data-testid="meeting-deal"
    >
      <span className="flex items-center gap-1.5 text-sm font-medium text-muted">
        <Briefcase className="size-4 text-subtle" aria-hidden /> Deal
      </span>
      {canChange ? (
        <DealPicker
          label="Deal of this meeting"
          hideLabel
          className="w-full sm:w-72"
          value={current}
          disabled={link.isPending}
          onChange={(d) =>
            link.mutate(
              { meetingId: meeting.id, dealId: d?.id ?? null },
              {
                onSuccess: () =>
                  toast({
                    title: d ? SALES_MESSAGES.linked : SALES_MESSAGES.unlinked,
                    description: d?.name,
                    variant: 'success',
                  }),
              },
            )
          }
        />
      ) : (
        <span className="text-sm text-fg">{current?.name ?? 'No deal'}</span>
      )}
      {current ? (
        <Link
          to={`/accounts/deals/${current.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
          data-testid="open-deal"
        >
          Open deal <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
      ) : null}
    </div>
  );
}
