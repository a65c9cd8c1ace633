import { AlertTriangle } from 'lucide-react';
import type { DealWarning, DealWarningKind } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { Badge, Tooltip } from '../../ui';

/** A warning's badge in a few words; the message says it in full. */
export const WARNING_LABELS: Record<DealWarningKind, string> = {
  noRecentCall: 'No recent call',
  singleThreaded: 'One contact engaged',
  pricingNotDiscussed: 'Pricing not discussed',
  noNextStep: 'No next step',
  stuckInStage: 'Stuck in stage',
};

const minSec = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** What a warning rests on, a line each, for its tooltip. */
export function evidenceLines(w: DealWarning): string[] {
  const e = w.evidence;
  const lines: string[] = [];
  if (e.lastCallAt) lines.push(`Last call: ${formatDate(e.lastCallAt)}`);
  if (e.contacts !== undefined) {
    lines.push(
      `Contacts: ${e.contacts}; seen in calls: ${e.engagedContacts?.join(', ') || 'none'}`,
    );
  }
  for (const m of e.moments ?? []) {
    lines.push(`${m.speaker} at ${minSec(m.start)}: “${m.text}”`);
  }
  for (const item of e.actionItems ?? []) lines.push(`Action item: ${item}`);
  if (e.stageSince) {
    lines.push(
      `In the stage since ${formatDate(e.stageSince)}; median ${e.medianDays} days over ${e.spans} stays`,
    );
  }
  if (e.meetingIds.length > 0) {
    lines.push(
      `${e.meetingIds.length === 1 ? '1 call' : `${e.meetingIds.length} calls`} behind it`,
    );
  }
  return lines;
}

/**
 * A deal's warnings as compact badges; each badge's tooltip (on hover or focus) gives the
 * message and its evidence. Nothing when the deal has none.
 */
export function DealWarnings({ warnings }: { warnings: readonly DealWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Deal warnings" data-testid="deal-warnings">
      {warnings.map((w) => (
        <li key={w.kind}>
          <Tooltip
            label={
              <span className="flex max-w-xs flex-col gap-1 whitespace-normal">
                <span className="font-semibold">{w.message}</span>
                {evidenceLines(w).map((line) => (
                  <span key={line} className="font-normal">
                    {line}
                  </span>
                ))}
              </span>
            }
          >
            <button
              type="button"
              className="rounded-control focus-visible:outline-2 focus-visible:outline-accent"
              aria-label={w.message}
            >
              <Badge tone="warning" data-status={w.kind}>
                <AlertTriangle aria-hidden />
                {WARNING_LABELS[w.kind]}
              </Badge>
            </button>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
