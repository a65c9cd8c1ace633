import type { ReactNode } from 'react';
import { FileDown, UserX } from 'lucide-react';
import type { Meeting } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, Skeleton } from '../../ui';
import { useCandidatePreview, useReportDownload, useSendCandidateReport } from './api';

interface Props {
  meeting: Pick<Meeting, 'id' | 'meetingName'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-subtle uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Lines({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-fg marker:text-subtle">
      {items.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * "Send report to candidate": shows exactly what the e-mail's PDF holds (strengths, areas to
 * improve, the consent record; never a score) and whom it goes to, before sending.
 */
export function SendCandidateReportDialog({ meeting, open, onOpenChange }: Props) {
  const preview = useCandidatePreview(meeting.id, open);
  const send = useSendCandidateReport(meeting.id);
  const pdf = useReportDownload(meeting);
  const p = preview.data;

  return (
    <Dialog open={open} onOpenChange={(o) => !send.isPending && onOpenChange(o)}>
      <DialogContent
        size="lg"
        title="Send report to candidate"
        description={
          p
            ? `A PDF report goes to ${p.candidate.name} <${p.candidate.email}> by e-mail. It holds no scores.`
            : 'The candidate receives a PDF report by e-mail. It holds no scores.'
        }
      >
        {preview.isPending ? (
          <div
            className="flex flex-col gap-3"
            role="status"
            aria-busy="true"
            aria-label="Loading the report"
          >
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : preview.isError ? (
          <div className="flex items-start gap-3 rounded-control bg-surface-2 p-3 text-sm text-muted">
            <UserX className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden />
            <p>{failureMessage(preview.error, 'The report could not be prepared.')}</p>
          </div>
        ) : p ? (
          <div className="flex flex-col gap-4" data-testid="candidate-report-preview">
            <Part title="Strengths">
              <Lines items={p.strengths} empty="None noted in the analysis." />
            </Part>
            <Part title="Areas to improve">
              <Lines items={p.improvements} empty="None noted in the analysis." />
            </Part>
            <Part title="Their data and consent">
              <p className="text-sm text-fg">Recorded: {p.consent.recorded.join(', ')}.</p>
              <p className="text-sm text-muted">{p.consent.agreed}</p>
              <p className="text-sm text-muted">{p.consent.deletion}</p>
            </Part>
          </div>
        ) : null}
        <DialogFooter className="justify-between">
          <Button
            variant="ghost"
            onClick={() => pdf.mutate('candidate')}
            loading={pdf.isPending}
            disabled={!p}
          >
            <FileDown aria-hidden />
            Preview PDF
          </Button>
          <div className="flex gap-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={send.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              onClick={() => send.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
              loading={send.isPending}
              disabled={!p}
            >
              Send report
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
