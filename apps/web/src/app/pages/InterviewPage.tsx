import MeetingPage from './meeting/MeetingPage';

/**
 * /interviews/{id}: the meeting page with the interview's tabs (Transcripts, HR Insights,
 * Action Items; spec 2 §2). It lives with the meeting page it reuses, since one web feature
 * never imports another.
 */
export default function InterviewPage() {
  return <MeetingPage variant="interview" />;
}
