import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { MOCK_RUN_MESSAGES as R } from '@parley/contracts';
import { buttonClasses, Card, CardContent } from '../../ui';

/** The end of a mock interview: the recording handed in, and whether its analysis started. */
export function RunOutcome({
  interviewId,
  meetingId,
  endedEarly,
  handedIn,
}: {
  interviewId: string;
  meetingId: string;
  endedEarly: boolean;
  handedIn: { queued: boolean; message: string } | null;
}) {
  const waiting = handedIn?.queued === false;
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 p-6">
        <CheckCircle2 className="size-6 text-accent-text" aria-hidden />
        <h2 className="text-lg font-semibold text-fg">{waiting ? R.notQueued : R.analysing}</h2>
        <p className="text-sm text-muted">
          {endedEarly ? 'You ended the interview early. ' : ''}
          {waiting
            ? `The analysis is waiting: ${handedIn.message}.`
            : 'Your recording is uploaded; your feedback appears when the analysis is done.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/mock-interviews/${interviewId}/feedback`}
            className={buttonClasses('primary')}
          >
            See your feedback
          </Link>
          <Link to={`/library/${meetingId}`} className={buttonClasses('secondary')}>
            Open the meeting
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
