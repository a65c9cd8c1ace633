import { useState } from 'react';
import { FileDown, Send } from 'lucide-react';
import { isFeatureAvailable, type FeatureName, type Meeting } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { Button } from '../../ui';
import { useReportDownload } from './api';
import { SendCandidateReportDialog } from './SendCandidateReportDialog';

type ReportMeeting = Pick<Meeting, 'id' | 'meetingName' | 'stage'>;

function useHasFeature(feature: FeatureName): boolean {
  const { user } = useAuth();
  return Boolean(user && isFeatureAvailable(user, feature));
}

/**
 * The meeting page's report buttons: the HR report for interviews (basic meetings) with HR
 * Workflow, the sales report for sales stages with Sales Intelligence, and sending the
 * candidate their own report for the hiring team. Each button spins while the PDF is made.
 */
export function ReportActions({ meeting }: { meeting: ReportMeeting }) {
  const hr = useHasFeature('HR Workflow');
  const sales = useHasFeature('Sales Intelligence');
  const hires = useCan('interviews.manage');
  const reads = useCan('meetings.read');
  const downloadReport = useReportDownload(meeting);
  const [sending, setSending] = useState(false);
  const interview = meeting.stage === 'basic_meeting';
  const kind = interview ? (hr ? 'hr' : null) : sales ? 'sales' : null;
  const pending = downloadReport.isPending;

  return (
    <>
      {kind && reads ? (
        <Button
          variant="secondary"
          onClick={() => downloadReport.mutate(kind)}
          loading={pending}
          aria-label={kind === 'hr' ? 'Download HR report' : 'Download Sales report'}
          className="max-sm:px-2.5"
          data-testid="download-report"
        >
          <FileDown aria-hidden />
          <span className="max-sm:sr-only">
            {kind === 'hr' ? 'Download HR report' : 'Download Sales report'}
          </span>
        </Button>
      ) : null}
      {interview && hr && hires ? (
        <>
          <Button
            variant="secondary"
            onClick={() => setSending(true)}
            aria-label="Send report to candidate"
            className="max-sm:size-9 max-sm:px-0"
          >
            <Send aria-hidden />
            <span className="max-sm:sr-only">Send report to candidate</span>
          </Button>
          <SendCandidateReportDialog meeting={meeting} open={sending} onOpenChange={setSending} />
        </>
      ) : null}
    </>
  );
}
