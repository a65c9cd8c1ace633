import MeetingPage from './MeetingPage';

/**
 * /interviews/{id}: the meeting page with the interview's tabs (Transcripts, HR Insights,
 * Action Items; spec 2 §2). A page, like the meeting page it reuses, since it combines the
 * meeting page's features.
 */
export default function InterviewPage() {
  return <MeetingPage variant="interview" />;
}
