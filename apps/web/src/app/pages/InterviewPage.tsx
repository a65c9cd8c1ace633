import { useParams } from 'react-router';
import { InterviewDetailsCard } from '../../features/interviews';
import { ScorecardTab } from '../../features/scorecards';
import MeetingPage, { type MeetingExtraTab } from './MeetingPage';

/**
 * The interview page's own tabs, after Transcripts and HR Insights (spec 2 §2). Issue 13's
 * Scorecard tab goes here.
 */
const INTERVIEW_TABS: readonly MeetingExtraTab[] = [
  {
    value: 'scorecard',
    label: 'Scorecard',
    render: ({ meeting, seek }) => <ScorecardTab meetingId={meeting.id} onSeek={seek} />,
  },
];

/**
 * /interviews/{id} (spec 2 §2 Interview detail page): the meeting page with the interview's
 * tabs and the hiring card (job, candidate, round, status, last round). Keyed by the id, so
 * moving to another interview (or leaving) starts over: playback at 0, no scores carried over.
 * The other-device session check runs on every navigation (app/SessionWatcher).
 */
export default function InterviewPage() {
  const { id = '' } = useParams();
  return (
    <MeetingPage
      key={id}
      variant="interview"
      extraTabs={INTERVIEW_TABS}
      aside={<InterviewDetailsCard meetingId={id} />}
      backTo="/interviews"
    />
  );
}
